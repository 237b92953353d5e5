import { randomUUID } from "node:crypto";
import { readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Expression } from "kysely";
import type { Db } from "../../core/db/database";
import type { ServiceDeps } from "../../core/service-deps";
import { uploadedImagesDir } from "./image-uploads";
import { receivedUploadPrefix } from "./received-upload";
import { uploadedFilesDir } from "../resources/resource-store";

/** An upload in an editor not yet saved, or chosen again, is kept at least this long. */
export const uploadGraceMs = 24 * 60 * 60 * 1000;

/**
 * A file still being received is written to as it arrives and read within minutes: one untouched
 * this long was left by a server that stopped mid-upload.
 */
export const staleReceivedMs = 60 * 60 * 1000;

export type UploadSweepDeps = Pick<ServiceDeps, "db" | "clock"> & { uploadsDir: string };

type Sweepable = {
  table: "uploaded_images" | "uploaded_files";
  /** The kept file or folder of an upload. */
  location: (id: string) => string;
  /** A condition true while something still refers to the upload, for `NOT EXISTS`. */
  stillUsed: (db: Db, id: string) => Expression<unknown>;
};

/** Any revision of any article (drafts, published, scheduled and older ones a restore may bring back). */
const usedByRevisions = (db: Db, id: string) =>
  db
    .selectFrom("article_revisions")
    .select("article_revisions.id")
    .where("article_revisions.content", "like", `%/media/${id}/%`);

/**
 * Any revision of any resource (decision 272): the draft is the newest revision and the published
 * copy one of them, and a restore may bring back an older one's file.
 */
const usedByResources = (db: Db, id: string) =>
  db
    .selectFrom("resource_revisions")
    .select("resource_revisions.id")
    .where("resource_revisions.content", "like", `%"${id}"%`);

/**
 * Removes the uploads nothing refers to any more (decision 271): an article image no revision
 * names, a resource file no resource revision names (decision 272), once past the grace period
 * since it was last uploaded. Each row is deleted by one conditional statement (still unused,
 * still old), and its files are moved aside in the same transaction, then removed: an upload of
 * the same bytes either refreshed the row first (kept) or writes it again after.
 */
export async function sweepUnusedUploads({ db, clock, uploadsDir }: UploadSweepDeps) {
  const cutoff = new Date(clock.now().getTime() - uploadGraceMs).toISOString();
  const kinds: Sweepable[] = [
    {
      table: "uploaded_images",
      location: (id) => path.join(uploadedImagesDir(uploadsDir), id),
      stillUsed: usedByRevisions,
    },
    {
      table: "uploaded_files",
      location: (id) => path.join(uploadedFilesDir(uploadsDir), id),
      stillUsed: usedByResources,
    },
  ];
  let swept = 0;
  for (const kind of kinds) {
    const candidates = await db
      .selectFrom(kind.table)
      .select("id")
      .where("created_at", "<=", cutoff)
      .execute();
    for (const { id } of candidates) {
      const aside = path.join(path.dirname(kind.location(id)), `.swept-${randomUUID()}`);
      let moved = false;
      try {
        await db.transaction().execute(async (trx) => {
          const deleted = await trx
            .deleteFrom(kind.table)
            .where("id", "=", id)
            .where("created_at", "<=", cutoff)
            .where((eb) => eb.not(eb.exists(kind.stillUsed(trx, id))))
            .executeTakeFirst();
          if (Number(deleted.numDeletedRows) === 0) return;
          await rename(kind.location(id), aside).catch(ignoreMissing);
          moved = true;
          swept += 1;
        });
      } catch (error) {
        // The row stands (the transaction rolled back): its files go back where they were.
        if (moved) await rename(aside, kind.location(id)).catch(ignoreMissing);
        throw error;
      }
      if (moved) await rm(aside, { recursive: true, force: true });
    }
  }
  await sweepStaleReceived(uploadsDir, clock.now().getTime() - staleReceivedMs);
  return swept;
}

/** Removes the received files (`receiveUpload`) a stopped server left; a running upload's stay. */
async function sweepStaleReceived(uploadsDir: string, cutoffMs: number) {
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  for (const name of names.filter((candidate) => candidate.startsWith(receivedUploadPrefix))) {
    const file = path.join(uploadsDir, name);
    const modified = await stat(file).then(
      (stats) => stats.mtimeMs,
      () => Infinity,
    );
    if (modified <= cutoffMs) await rm(file, { force: true });
  }
}

const ignoreMissing = (error: NodeJS.ErrnoException) => {
  if (error.code !== "ENOENT") throw error;
};
