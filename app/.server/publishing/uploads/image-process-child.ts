// The image process (decision 332): sharp and libvips live here, never in the server, so the
// memory an image takes is returned when this process ends. It answers the server's jobs one at a
// time and ends with the server's channel (the server closes it after a few idle seconds, and a
// server that dies closes it too).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { variantWidths, type FallbackFormat } from "../../../lib/uploaded-image";
import type { ImageAnswer, ImageJob, InspectJob, MakeJob } from "./image-process-protocol";

// Its operation cache off, so an image's pixels are not kept after its job; one core left to the
// server's requests.
sharp.cache(false);
sharp.concurrency(Math.max(1, (await import("node:os")).availableParallelism() - 1));

async function inspect({ id, input }: InspectJob): Promise<ImageAnswer> {
  // The header alone: a canvas too large is named by the server rather than failed here.
  const metadata = await sharp(input, { limitInputPixels: false, failOn: "error" }).metadata();
  return { id, kind: "inspected", ...metadata.autoOrient, hasAlpha: metadata.hasAlpha };
}

/**
 * Decodes the image once, made upright and no wider than its widest variant (a JPEG is decoded
 * straight at that size), then writes every variant from those few pixels: a 48-megapixel photo
 * is read once, not once per variant.
 */
async function make({ id, input, folder, width, fallback, maxInputPixels }: MakeJob) {
  const widest = await sharp(input, { limitInputPixels: maxInputPixels, failOn: "error" })
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = sharp(widest.data, { raw: widest.info });
  // Each width as AVIF, WebP and the fallback format; sharp writes no metadata unless asked.
  for (const variant of variantWidths(width)) {
    const resized = pixels.clone().resize({ width: variant, withoutEnlargement: true });
    const files: [string, Sharp][] = [
      ["avif", resized.clone().avif({ quality: 55, effort: 3 })],
      ["webp", resized.clone().webp({ quality: 78 })],
      [fallback, fallbackEncoder(resized.clone(), fallback)],
    ];
    for (const [format, encoder] of files)
      await writeFile(path.join(folder, `${variant}.${format}`), await encoder.toBuffer());
  }
  return { id, kind: "made" } satisfies ImageAnswer;
}

const fallbackEncoder = (image: Sharp, format: FallbackFormat) =>
  format === "png"
    ? image.png({ compressionLevel: 9 })
    : image.jpeg({ quality: 82, mozjpeg: true });

/** sharp's own refusals of a file it cannot decode (its header read, its pixels not). */
const isUnreadableImage = (error: unknown) =>
  error instanceof Error && /^(Input|VipsJpeg|VipsForeign|pngload|webp)/i.test(error.message);

async function answer(job: ImageJob): Promise<ImageAnswer> {
  try {
    return job.kind === "inspect" ? await inspect(job) : await make(job);
  } catch (error) {
    if (isUnreadableImage(error)) return { id: job.id, kind: "unreadable" };
    return { id: job.id, kind: "failed", message: String((error as Error)?.message ?? error) };
  }
}

process.on("message", (job: ImageJob) => {
  void answer(job).then((reply) => process.send?.(reply));
});
process.on("disconnect", () => process.exit(0));
