import { recordAdminAction } from "../../core/audit-log";
import { fileSizeLabel } from "~/lib/file-size";
import type { Db } from "../../core/db/database";
import type { ServiceDeps } from "../../core/service-deps";
import { durationLabel } from "~/lib/duration-label";
import { diffRevisionPair, type DiffLine } from "../revision-diff";
import {
  readResourceContent,
  setResourceDraft,
  type ResourceContent,
  type ResourceFile,
} from "./resource-store";

type Deps = Pick<ServiceDeps, "db" | "clock">;

/** One kept save, as the console's list of revisions shows it (the articles' shape). */
export type RevisionSummary = { number: number; author: string; createdAt: string; title: string };

export type ResourceRevisions = {
  /** The newest revision: what the editor shows. */
  draftRevision: number;
  /** The revision the public pages show, or null when it was never published. */
  publishedRevision: number | null;
  revisions: RevisionSummary[];
};

/** A resource's every save, newest first (decision 272). */
export async function resourceRevisions(
  db: Db,
  id: string,
): Promise<ResourceRevisions | undefined> {
  const resource = await db
    .selectFrom("resources")
    .select("published_revision")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!resource) return undefined;
  const rows = await db
    .selectFrom("resource_revisions")
    .select(["number", "author", "created_at", "content"])
    .where("resource_id", "=", id)
    .orderBy("number", "desc")
    .execute();
  return {
    draftRevision: rows[0]?.number ?? 0,
    publishedRevision: resource.published_revision,
    revisions: rows.map((row) => ({
      number: row.number,
      author: row.author,
      createdAt: row.created_at,
      title: readResourceContent(row.content).title,
    })),
  };
}

/** A file's facts, as the diff names them: name, size, type and its length. */
export function resourceFileFacts(file: ResourceFile) {
  const type = file.id.endsWith(".pdf") ? "PDF" : "MP3";
  const length = file.seconds
    ? `, ${durationLabel(file.seconds)}`
    : file.pages
      ? `, ${file.pages} ${file.pages === 1 ? "page" : "pages"}`
      : "";
  return `${file.name ?? file.id}, ${type}, ${fileSizeLabel(file.bytes)}${length}`;
}

function revisionText(content: ResourceContent) {
  return [
    `Title: ${content.title}`,
    `Description: ${content.description}`,
    `File: ${content.file ? resourceFileFacts(content.file) : "none"}`,
  ];
}

/** What changed between two revisions of a resource, line by line (the articles' diff). */
export async function resourceRevisionDiff(
  db: Db,
  { id, from, to }: { id: string; from: number; to: number },
): Promise<DiffLine[] | undefined> {
  const rows = await db
    .selectFrom("resource_revisions")
    .select(["number", "content"])
    .where("resource_id", "=", id)
    .where("number", "in", [from, to])
    .execute();
  return diffRevisionPair(rows, { from, to }, (content) =>
    revisionText(readResourceContent(content)),
  );
}

/**
 * Makes an earlier revision the draft again, as a new revision: history is never rewritten, and
 * what is live changes only when it is published again. Its file is still on disk: the sweep
 * keeps every file a revision names (decision 271, amended by 272).
 */
export async function restoreResourceRevision(
  { db, clock }: Deps,
  { id, revision, actor }: { id: string; revision: number; actor: string },
): Promise<{ outcome: "restored"; revision: number } | { outcome: "not-found" }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom("resource_revisions")
      .select("content")
      .where("resource_id", "=", id)
      .where("number", "=", revision)
      .executeTakeFirst();
    if (!old) return { outcome: "not-found" as const };
    const content = readResourceContent(old.content);
    const restored = await setResourceDraft(trx, { id, content, author: actor, now });
    await recordAdminAction(trx, {
      actor,
      action: "resource.restore",
      subject: id,
      detail: { revision },
      now,
    });
    return { outcome: "restored" as const, revision: restored.revision };
  });
}
