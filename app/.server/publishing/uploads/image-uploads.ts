import { randomUUID } from "node:crypto";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { recordAdminAction } from "../../core/audit-log";
import type { ServiceDeps } from "../../core/service-deps";
import {
  uploadedImageFolder,
  exportSmaller,
  uploadedImageSrc,
  variantWidths,
  type UploadedImage,
  emptyImageMessage,
} from "~/lib/uploaded-image";
import { ImageProcessEnded, runImageJob } from "./image-process";
import { inImageTurn } from "./image-turns";
import type { ReceivedUpload } from "./received-upload";
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

const unreadable = () =>
  refused(400, "This image could not be read: it may be damaged. Export it again.");

/** Where the variants of every upload live: one folder each, named by content and size. */
export const uploadedImagesDir = (uploadsDir: string) => path.join(uploadsDir, "images");

/**
 * Keeps an image uploaded for an article (decision 230): its kind read from its bytes and matched
 * against its name, turned upright, its metadata (EXIF location included) left behind, made as
 * AVIF, WebP and its own format at each width. The upload is a file already received
 * (`receiveUpload`); it is decoded in the image process (decision 332), never in the server. The
 * variants are written to a temporary folder first; the row, the audit entry and the rename into
 * place are one transaction, so a failure anywhere leaves neither a row without files nor files
 * without a row. The same image again is the same address.
 */
export async function uploadArticleImage(
  { db, clock, uploadsDir }: ImageUploadDeps,
  { actor, fileName, received }: { actor: string; fileName: string; received: ReceivedUpload },
): Promise<ImageUploadOutcome> {
  if (received.bytes === 0) return refused(400, emptyImageMessage);
  const sniffed = sniffFileType(received.head);
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

  return inImageTurn(randomUUID(), async () => {
    try {
      return await keepImage({ db, clock, uploadsDir }, { actor, received, sniffed });
    } catch (error) {
      // The image process died under this image (its memory, say): the image is what to change.
      if (!(error instanceof ImageProcessEnded)) throw error;
      return refused(400, `This image could not be processed. ${exportSmaller}`);
    }
  });
}

async function keepImage(
  { db, clock, uploadsDir }: ImageUploadDeps,
  { actor, received, sniffed }: { actor: string; received: ReceivedUpload; sniffed: string },
): Promise<ImageUploadOutcome> {
  // The header alone is read first, so a canvas too large is named rather than failed; the
  // decoding below keeps the cap itself.
  const header = await runImageJob({ kind: "inspect", input: received.path, maxInputPixels });
  if (header.kind === "unreadable") return unreadable();
  if (header.kind !== "inspected") throw new Error(`image header: ${failure(header)}`);
  const megapixels = (header.width * header.height) / 1_000_000;
  if (megapixels > maxInputPixels / 1_000_000)
    return refused(
      400,
      `This image is ${Math.round(megapixels)} megapixels; the limit is ${maxInputPixels / 1_000_000}. ${exportSmaller}`,
    );
  const width = variantWidths(header.width).at(-1)!;
  const height = Math.max(1, Math.round((header.height * width) / header.width));
  const hash = received.sha256.slice(0, 32);
  const image: UploadedImage = {
    folder: uploadedImageFolder(hash, width, height),
    width,
    height,
    // A PNG (a diagram, a screenshot) keeps its sharp edges; a photo is a JPEG.
    fallback: sniffed === "png" || header.hasAlpha ? "png" : "jpg",
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
    const made = await runImageJob({
      kind: "make",
      input: received.path,
      folder: incoming,
      width,
      fallback: image.fallback,
      maxInputPixels,
    });
    if (made.kind === "unreadable") return unreadable();
    if (made.kind !== "made") throw new Error(`image variants: ${failure(made)}`);
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("uploaded_images")
        .values({
          id: image.folder,
          width: image.width,
          height: image.height,
          fallback: image.fallback,
          bytes: received.bytes,
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
        detail: { bytes: received.bytes },
        now: clock.now(),
      });
      // With no row, a folder of this name is a crash's leftover: this upload replaces it.
      await rm(final, { recursive: true, force: true });
      await rename(incoming, final);
      moved = true;
    });
  } catch (error) {
    if (moved) await rm(final, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
  return uploaded;
}

const failure = (answer: { kind: string; message?: string }) => answer.message ?? answer.kind;
