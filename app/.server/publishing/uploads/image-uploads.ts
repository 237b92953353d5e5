import { randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Sharp } from "sharp";
import { recordAdminAction } from "../../core/audit-log";
import type { ServiceDeps } from "../../core/service-deps";
import {
  uploadedImageFolder,
  exportSmaller,
  uploadedImageSrc,
  variantWidths,
  type FallbackFormat,
  type UploadedImage,
  emptyImageMessage,
} from "~/lib/uploaded-image";
import { inImageTurn, loadSharp } from "./image-turns";
import { claimedFileType, sniffFileType, sniffedTypeNames } from "./uploaded-file-type";

/**
 * A small file can declare a huge canvas (a decompression bomb): past this it is refused. A
 * phone's 48-megapixel photo fits.
 */
const maxInputPixels = 50_000_000;
const acceptedTypes = new Set(["png", "jpeg", "webp"]);

export type ImageUploadDeps = Pick<ServiceDeps, "db" | "clock"> & { uploadsDir: string };

export type ImageUploadOutcome =
  | { outcome: "uploaded"; src: string; width: number; height: number }
  | { outcome: "refused"; status: 400 | 415; message: string };

const refused = (status: 400 | 415, message: string): ImageUploadOutcome => ({
  outcome: "refused",
  status,
  message,
});

/** Where the variants of every upload live: one folder each, named by content and size. */
export const uploadedImagesDir = (uploadsDir: string) => path.join(uploadsDir, "images");

/**
 * Keeps an image uploaded for an article (decision 230): its kind read from its bytes and matched
 * against its name, turned upright, its metadata (EXIF location included) left behind, made as
 * AVIF, WebP and its own format at each width. The files are written to a temporary folder first;
 * the row, the audit entry and the rename into place are one transaction, so a failure anywhere
 * leaves neither a row without files nor files without a row. The same image again is the same
 * address.
 */
export async function uploadArticleImage(
  { db, clock, uploadsDir }: ImageUploadDeps,
  { actor, fileName, bytes }: { actor: string; fileName: string; bytes: Uint8Array },
): Promise<ImageUploadOutcome> {
  if (bytes.byteLength === 0) return refused(400, emptyImageMessage);
  const sniffed = sniffFileType(bytes);
  if (!acceptedTypes.has(sniffed))
    return refused(
      415,
      `This file is ${sniffedTypeNames[sniffed].name}, not an image the site can show: upload a JPEG, PNG or WebP image.`,
    );
  const claimed = claimedFileType(fileName);
  if (claimed && claimed !== sniffed)
    return refused(
      415,
      `The file's name ends in .${fileName.split(".").pop()}, but it is ${sniffedTypeNames[sniffed].name}: rename it or choose the right file.`,
    );

  return inImageTurn(randomUUID(), () =>
    keepImage({ db, clock, uploadsDir }, { actor, bytes, sniffed }),
  );
}

/**
 * Decodes the image once, made upright and no wider than its widest variant (a JPEG is decoded
 * straight at that size), then writes every variant from those few pixels: a 48-megapixel photo
 * is read once, not once per variant.
 */
async function keepImage(
  { db, clock, uploadsDir }: ImageUploadDeps,
  { actor, bytes, sniffed }: { actor: string; bytes: Uint8Array; sniffed: string },
): Promise<ImageUploadOutcome> {
  const sharp = await loadSharp();
  // The header alone is read here, so a canvas too large is named rather than failed; the
  // decoding below keeps the cap itself.
  const header = sharp(bytes, { limitInputPixels: false, failOn: "error" });
  let upright: { width: number; height: number; hasAlpha: boolean };
  try {
    const metadata = await header.metadata();
    upright = { ...metadata.autoOrient, hasAlpha: metadata.hasAlpha };
  } catch {
    return refused(400, "This image could not be read: it may be damaged. Export it again.");
  }
  const megapixels = (upright.width * upright.height) / 1_000_000;
  if (megapixels > maxInputPixels / 1_000_000)
    return refused(
      400,
      `This image is ${Math.round(megapixels)} megapixels; the limit is ${maxInputPixels / 1_000_000}. ${exportSmaller}`,
    );
  const width = variantWidths(upright.width).at(-1)!;
  const height = Math.max(1, Math.round((upright.height * width) / upright.width));
  // Hashed on the thread pool: 25 MB would hold the request loop for tens of milliseconds.
  // (The bytes are never a SharedArrayBuffer's, which is all the cast sets aside.)
  const digest = Buffer.from(
    await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
  );
  const hash = digest.toString("hex").slice(0, 32);
  const image: UploadedImage = {
    folder: uploadedImageFolder(hash, width, height),
    width,
    height,
    // A PNG (a diagram, a screenshot) keeps its sharp edges; a photo is a JPEG.
    fallback: sniffed === "png" || upright.hasAlpha ? "png" : "jpg",
  };
  const uploaded: ImageUploadOutcome = {
    outcome: "uploaded",
    src: uploadedImageSrc(image),
    width: image.width,
    height: image.height,
  };
  // Known: its grace period starts again, so the sweep (decision 271) does not take it from
  // under the editor that is about to use it.
  const known = await db
    .updateTable("uploaded_images")
    .set({ created_at: clock.now().toISOString() })
    .where("id", "=", image.folder)
    .executeTakeFirst();
  if (Number(known.numUpdatedRows) > 0) return uploaded;

  const imagesDir = uploadedImagesDir(uploadsDir);
  const incoming = path.join(imagesDir, `.incoming-${randomUUID()}`);
  const final = path.join(imagesDir, image.folder);
  let moved = false;
  try {
    await mkdir(incoming, { recursive: true });
    const widest = await sharp(bytes, { limitInputPixels: maxInputPixels, failOn: "error" })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    await writeVariants(sharp(widest.data, { raw: widest.info }), incoming, image);
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("uploaded_images")
        .values({
          id: image.folder,
          width: image.width,
          height: image.height,
          fallback: image.fallback,
          bytes: bytes.byteLength,
          created_by: actor,
          created_at: clock.now().toISOString(),
        })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .executeTakeFirst();
      // Another request kept the same image first: its files are in place.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await recordAdminAction(trx, {
        actor,
        action: "image.upload",
        subject: image.folder,
        detail: { bytes: bytes.byteLength },
        now: clock.now(),
      });
      // With no row, a folder of this name is a crash's leftover: this upload replaces it.
      await rm(final, { recursive: true, force: true });
      await rename(incoming, final);
      moved = true;
    });
  } catch (error) {
    if (moved) await rm(final, { recursive: true, force: true });
    if (isUnreadableImage(error))
      return refused(400, "This image could not be read: it may be damaged. Export it again.");
    throw error;
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
  return uploaded;
}

/** Each width as AVIF, WebP and the fallback format; sharp writes no metadata unless asked. */
async function writeVariants(widest: Sharp, folder: string, image: UploadedImage) {
  for (const width of variantWidths(image.width)) {
    const resized = widest.clone().resize({ width, withoutEnlargement: true });
    const files: [string, Sharp][] = [
      ["avif", resized.clone().avif({ quality: 55, effort: 3 })],
      ["webp", resized.clone().webp({ quality: 78 })],
      [image.fallback, fallbackEncoder(resized.clone(), image.fallback)],
    ];
    for (const [format, encoder] of files)
      await writeFile(path.join(folder, `${width}.${format}`), await encoder.toBuffer());
  }
}

const fallbackEncoder = (image: Sharp, format: FallbackFormat) =>
  format === "png"
    ? image.png({ compressionLevel: 9 })
    : image.jpeg({ quality: 82, mozjpeg: true });

/** sharp's own refusals of a file it cannot decode (its header read, its pixels not). */
const isUnreadableImage = (error: unknown) =>
  error instanceof Error && /^(Input|VipsJpeg|VipsForeign|pngload|webp)/i.test(error.message);
