/**
 * An image uploaded in the console (decision 230) is named by its content and its size:
 * `/media/<sha256 prefix>-<width>x<height>/<variant width>.<avif|webp|jpg|png>`. The address kept
 * in an article is its widest fallback file, so the page can write every variant, the width and
 * the height from the address alone, with no lookup, and the layout never shifts.
 */

/** The widths served, narrowest first; an image narrower than the widest stops at its own width. */
export const uploadedImageWidths = [480, 960, 1440] as const;

export type FallbackFormat = "jpg" | "png";

export type UploadedImage = {
  /** The directory under /media: the content hash and the widest variant's size. */
  folder: string;
  width: number;
  height: number;
  fallback: FallbackFormat;
};

const uploadedImagePattern = /^\/media\/([0-9a-f]{32}-(\d{1,5})x(\d{1,5}))\/(\d{1,5})\.(jpg|png)$/;

/** The widths an image of `width` pixels is made at (it is never enlarged). */
export function variantWidths(width: number): number[] {
  const widest = Math.min(width, uploadedImageWidths.at(-1)!);
  return [...uploadedImageWidths.filter((candidate) => candidate < widest), widest];
}

export const uploadedImageFolder = (hash: string, width: number, height: number) =>
  `${hash}-${width}x${height}`;

export const uploadedImageSrc = (image: UploadedImage) =>
  `/media/${image.folder}/${image.width}.${image.fallback}`;

/** The upload an address names, or undefined for any other image (an https address, say). */
export function uploadedImageOf(src: string): UploadedImage | undefined {
  const match = uploadedImagePattern.exec(src);
  if (!match) return undefined;
  const [, folder, width, height, variant, fallback] = match;
  if (variant !== width) return undefined;
  return {
    folder: folder!,
    width: Number(width),
    height: Number(height),
    fallback: fallback as FallbackFormat,
  };
}

/** The article column is at most 48rem wide, less its padding. */
export const articleImageSizes = "(min-width: 48rem) 46rem, calc(100vw - 2rem)";

export type PictureSources = {
  avif: string;
  webp: string;
  fallback: string;
};

/** Each format's `srcset`: every width it was made at. */
export function pictureSources(image: UploadedImage): PictureSources {
  const set = (format: string) =>
    variantWidths(image.width)
      .map((width) => `/media/${image.folder}/${width}.${format} ${width}w`)
      .join(", ");
  return { avif: set("avif"), webp: set("webp"), fallback: set(image.fallback) };
}

/** What a refusal of an image too large tells the owner to do (the console and the server). */
export const exportSmaller = `Export it smaller (for example "Medium" in your phone's share sheet) and try again.`;

/** A file was chosen, but it holds nothing (a failed download, a placeholder): said as such. */
export const emptyImageMessage =
  "The file you chose is empty (0 bytes): choose the image again, or another one.";

/** The refusal of a file past IMAGE_UPLOAD_MAX_MB; `bytes` when its size is known. */
export function imageTooLargeMessage(maxMegabytes: number, bytes?: number) {
  const size = bytes ? `${Math.round(bytes / 1024 / 1024)} MB` : `over ${maxMegabytes} MB`;
  return `This image is ${size}; the limit is ${maxMegabytes} MB. ${exportSmaller}`;
}
