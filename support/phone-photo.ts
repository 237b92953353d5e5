import { randomBytes } from "node:crypto";
import sharp from "sharp";

/**
 * A phone's full-size photo, over 20 MB: 11 megapixels (3800 × 2850) of fine grain on a gradient,
 * which a JPEG at full quality cannot shrink, and which the smaller sizes smooth as a real
 * photo's grain. Each call is a different photo.
 */
export function phonePhoto() {
  const [width, height] = [3800, 2850];
  const pixels = randomBytes(width * height * 3);
  for (let index = 0; index < pixels.length; index++)
    pixels[index] = 100 + (pixels[index]! % 32) + Math.floor(index / 3 / width / 16);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
