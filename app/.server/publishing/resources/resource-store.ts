import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { recordAdminAction } from "../../core/audit-log";
import type { Db, Trx } from "../../core/db/database";
import type { ServiceDeps } from "../../core/service-deps";
import { bumpContentVersion } from "../articles/article-store";
import { mp3DurationSeconds } from "./mp3-audio";
import { publishDue, scheduleDraft } from "../publishing-schedule";
import type { ResourceKind, ResourceTable } from "../publishing-tables";
import { claimedFileType, sniffFileType, sniffedTypeNames } from "../uploads/uploaded-file-type";

type Deps = Pick<ServiceDeps, "db" | "clock">;
export type ResourceUploadDeps = Deps & { uploadsDir: string };

/** A long practice at a modest bitrate, or an illustrated guide, fits; the route answers 413 past it. */
export const maxResourceUploadBytes = 50 * 1024 * 1024;
const maxTitleLength = 160;
const maxDescriptionLength = 600;

/** The file a resource offers, as kept under UPLOADS_DIR/files. */
export type ResourceFile = {
  /** `<sha256 prefix>.<pdf|mp3>`: the name on disk and in the address. */
  id: string;
  bytes: number;
  /** An audio practice's length, read from its MPEG frames. */
  seconds: number | null;
  /** A guide's page count when its page objects are readable, else null. */
  pages: number | null;
  /** The name it was uploaded under (absent from files kept before revisions, decision 272). */
  name?: string;
};

/** A resource's fields: the draft being edited, or the published copy. */
export type ResourceContent = { title: string; description: string; file: ResourceFile | null };

const emptyContent: ResourceContent = { title: "", description: "", file: null };
export const readResourceContent = (json: string) => JSON.parse(json) as ResourceContent;
const readContent = readResourceContent;

/** The public address of an uploaded resource file (served by static-files/uploaded-media.ts). */
export const resourceFileHref = (file: ResourceFile) => `/media/files/${file.id}`;
export const uploadedFilesDir = (uploadsDir: string) => path.join(uploadsDir, "files");

const fileFormats: Record<ResourceKind, { type: "pdf" | "mp3"; label: string }> = {
  guide: { type: "pdf", label: "a PDF" },
  audio: { type: "mp3", label: "an MP3" },
};

/** "New guide" or "New audio practice": an empty draft, opened in the console. */
export async function createResource(
  { db, clock }: Deps,
  { actor, kind }: { actor: string; kind: ResourceKind },
): Promise<{ id: string }> {
  const id = randomUUID();
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("resources")
      .values({
        id,
        kind,
        state: "draft",
        publish_at: null,
        published_at: null,
        draft: JSON.stringify(emptyContent),
        published: null,
        published_revision: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await addResourceRevision(trx, {
      resourceId: id,
      content: emptyContent,
      author: actor,
      now: clock.now(),
    });
    await recordAdminAction(trx, {
      actor,
      action: "resource.create",
      subject: id,
      detail: { kind },
      now: clock.now(),
    });
  });
  return { id };
}

export type ResourceSaveOutcome =
  | { outcome: "saved"; revision: number; unchanged: boolean }
  | { outcome: "refused"; status: 400 | 415; message: string }
  | { outcome: "not-found" };

type Refusal = Extract<ResourceSaveOutcome, { outcome: "refused" }>;
const refused = (status: 400 | 415, message: string): Refusal => ({
  outcome: "refused",
  status,
  message,
});

/** A PDF's pages, counted from its page objects (unreadable when they sit in compressed streams). */
function pdfPageCount(bytes: Uint8Array): number | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const pages = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  return pages > 0 ? pages : null;
}

/** What an upload is, from its bytes; refused unless it is the kind's format, named as such. */
function readUpload(
  kind: ResourceKind,
  { fileName, bytes }: { fileName: string; bytes: Uint8Array },
): Refusal | Omit<ResourceFile, "id"> {
  if (bytes.byteLength === 0) return refused(400, "The file is empty: choose the file again.");
  const format = fileFormats[kind];
  const sniffed = sniffFileType(bytes);
  if (sniffed !== format.type)
    return refused(
      415,
      `This file is ${sniffedTypeNames[sniffed].name}: a ${kind === "guide" ? "guide" : "practice"} is ${format.label} file.`,
    );
  const claimed = claimedFileType(fileName);
  if (claimed && claimed !== sniffed)
    return refused(
      415,
      `The file's name ends in .${fileName.split(".").pop()}, but it is ${sniffedTypeNames[sniffed].name}: rename it or choose the right file.`,
    );
  if (format.type === "pdf")
    return { bytes: bytes.byteLength, seconds: null, pages: pdfPageCount(bytes) };
  const seconds = mp3DurationSeconds(bytes);
  if (!seconds) return refused(400, "This MP3 holds no audio the site can read: export it again.");
  return { bytes: bytes.byteLength, seconds, pages: null };
}

/**
 * Saves a resource's draft: its title and description and, when one is uploaded, its file. The
 * file is sniffed by content and written under a temporary name; its row, the draft and the
 * audit entry are one transaction, which also moves the file into place, so a failure keeps
 * neither. A published resource's page changes only when it is published again.
 */
export async function saveResourceDraft(
  { db, clock, uploadsDir }: ResourceUploadDeps,
  input: {
    id: string;
    actor: string;
    title: string;
    description: string;
    upload?: { fileName: string; bytes: Uint8Array };
  },
): Promise<ResourceSaveOutcome> {
  const title = input.title.trim();
  const description = input.description.trim();
  if (title.length > maxTitleLength)
    return refused(400, `The title is longer than ${maxTitleLength} characters.`);
  if (description.length > maxDescriptionLength)
    return refused(400, `The description is longer than ${maxDescriptionLength} characters.`);
  const resource = await db
    .selectFrom("resources")
    .select(["kind", "draft"])
    .where("id", "=", input.id)
    .executeTakeFirst();
  if (!resource) return { outcome: "not-found" };
  let file = readContent(resource.draft).file;
  let incoming: string | undefined;
  if (input.upload) {
    const read = readUpload(resource.kind, input.upload);
    if ("outcome" in read) return read;
    const hash = createHash("sha256").update(input.upload.bytes).digest("hex").slice(0, 32);
    const name = path.basename(input.upload.fileName).slice(0, 200) || undefined;
    file = { id: `${hash}.${fileFormats[resource.kind].type}`, ...read, name };
    const filesDir = uploadedFilesDir(uploadsDir);
    await mkdir(filesDir, { recursive: true });
    incoming = path.join(filesDir, `.incoming-${randomUUID()}`);
    await writeFile(incoming, input.upload.bytes);
  }
  const now = clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      if (incoming && file)
        await keepFile(trx, { uploadsDir, incoming, file, actor: input.actor, now });
      const content: ResourceContent = { title, description, file };
      const saved = await setResourceDraft(trx, {
        id: input.id,
        content,
        author: input.actor,
        now,
      });
      if (!saved.unchanged)
        await recordAdminAction(trx, {
          actor: input.actor,
          action: "resource.save",
          subject: input.id,
          detail: { revision: saved.revision, ...(file ? { file: file.id } : {}) },
          now,
        });
      return { outcome: "saved" as const, ...saved };
    });
  } finally {
    if (incoming) await rm(incoming, { force: true });
  }
}

/**
 * Keeps a save as the resource's next revision and its draft (every save kept, decision 272); a
 * save identical to the draft adds nothing, so an autosave with nothing typed leaves no trace.
 */
export async function setResourceDraft(
  trx: Trx,
  { id, content, author, now }: { id: string; content: ResourceContent; author: string; now: Date },
): Promise<{ revision: number; unchanged: boolean }> {
  const draft = JSON.stringify(content);
  const last = await trx
    .selectFrom("resource_revisions")
    .select(["number", "content"])
    .where("resource_id", "=", id)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
  if (last?.content === draft) return { revision: last.number, unchanged: true };
  // The row's update first: on PostgreSQL its lock makes two saves at once number their
  // revisions one after the other instead of both taking the same number.
  await trx
    .updateTable("resources")
    .set({ draft, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
  const revision = await addResourceRevision(trx, { resourceId: id, content, author, now });
  return { revision, unchanged: false };
}

async function addResourceRevision(
  trx: Trx,
  input: { resourceId: string; content: ResourceContent; author: string; now: Date },
) {
  const last = await trx
    .selectFrom("resource_revisions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("resource_id", "=", input.resourceId)
    .executeTakeFirst();
  const number = Number(last?.number ?? 0) + 1;
  await trx
    .insertInto("resource_revisions")
    .values({
      id: randomUUID(),
      resource_id: input.resourceId,
      number,
      content: JSON.stringify(input.content),
      author: input.author,
      created_at: input.now.toISOString(),
    })
    .execute();
  return number;
}

/** The file's row (its grace period restarted when it is uploaded again) and its move into place. */
async function keepFile(
  trx: Trx,
  input: { uploadsDir: string; incoming: string; file: ResourceFile; actor: string; now: Date },
) {
  const { file, now } = input;
  const known = await trx
    .updateTable("uploaded_files")
    .set({ created_at: now.toISOString() })
    .where("id", "=", file.id)
    .executeTakeFirst();
  if (Number(known.numUpdatedRows) > 0) return;
  await trx
    .insertInto("uploaded_files")
    .values({
      id: file.id,
      bytes: file.bytes,
      created_by: input.actor,
      created_at: now.toISOString(),
    })
    .execute();
  await rename(input.incoming, path.join(uploadedFilesDir(input.uploadsDir), file.id));
}

/** Why a draft cannot go live yet, or undefined. */
export function resourcePublishProblem(content: ResourceContent): string | undefined {
  if (!content.title) return "A resource needs a title before it is published.";
  if (!content.description) return "A resource needs a description before it is published.";
  if (!content.file) return "A resource needs its file before it is published.";
  return undefined;
}

export type ResourcePublishOutcome =
  | { outcome: "published" }
  | { outcome: "scheduled"; publishAt: string }
  | { outcome: "incomplete"; message: string }
  | { outcome: "not-found" };

/** Copies the draft to the published fields in the caller's transaction, and bumps the version. */
async function publishDraftIn(trx: Trx, id: string, now: Date): Promise<ResourcePublishOutcome> {
  const resource = await trx
    .selectFrom("resources")
    .select(["draft", "published_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!resource) return { outcome: "not-found" };
  const problem = resourcePublishProblem(readContent(resource.draft));
  if (problem) return { outcome: "incomplete", message: problem };
  const draftRevision = await trx
    .selectFrom("resource_revisions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("resource_id", "=", id)
    .executeTakeFirst();
  await trx
    .updateTable("resources")
    .set({
      state: "published",
      publish_at: null,
      published: resource.draft,
      published_revision: draftRevision?.number == null ? null : Number(draftRevision.number),
      published_at: resource.published_at ?? now.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  // The same version row as the articles': the lists, the feed and the sitemap move with it.
  await bumpContentVersion(trx, now);
  return { outcome: "published" };
}

/** Publishes the draft now, or schedules it for `at` (the draft as it is then goes live). */
export async function publishResource(
  { db, clock }: Deps,
  { id, actor, at }: { id: string; actor: string; at?: Date },
): Promise<ResourcePublishOutcome> {
  const now = clock.now();
  return db.transaction().execute(async (trx): Promise<ResourcePublishOutcome> => {
    if (at && at.getTime() > now.getTime()) {
      const resource = await trx
        .selectFrom("resources")
        .select(["state", "draft"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!resource) return { outcome: "not-found" };
      const problem = resourcePublishProblem(readContent(resource.draft));
      if (problem) return { outcome: "incomplete", message: problem };
      return scheduleDraft(trx, {
        table: "resources",
        id,
        state: resource.state,
        at,
        now,
        actor,
        action: "resource.schedule",
      });
    }
    const outcome = await publishDraftIn(trx, id, now);
    if (outcome.outcome === "published")
      await recordAdminAction(trx, { actor, action: "resource.publish", subject: id, now });
    return outcome;
  });
}

/** Publishes every resource whose time has come (publishing-schedule.ts). */
export function publishDueResources(deps: Deps): Promise<number> {
  return publishDue(deps, { table: "resources", action: "resource.publish", publishDraftIn });
}

/** Takes a resource off the lists (its published copy is kept for a later publish). */
export async function unpublishResource(
  { db, clock }: Deps,
  { id, actor }: { id: string; actor: string },
): Promise<{ outcome: "unpublished" | "not-found" }> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("resources")
      .set({ state: "unpublished", publish_at: null, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("state", "in", ["published", "scheduled"])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return { outcome: "not-found" as const };
    await bumpContentVersion(trx, now);
    await recordAdminAction(trx, { actor, action: "resource.unpublish", subject: id, now });
    return { outcome: "unpublished" as const };
  });
}

/** A resource as the console shows it. */
export type ConsoleResource = {
  id: string;
  kind: ResourceKind;
  state: ResourceTable["state"];
  publishAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  draft: ResourceContent;
  /** The draft differs from what the public pages show. */
  unpublishedChanges: boolean;
};

const consoleRow = (row: ResourceTable): ConsoleResource => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  publishAt: row.publish_at,
  publishedAt: row.published_at,
  updatedAt: row.updated_at,
  draft: readContent(row.draft),
  unpublishedChanges: row.published !== null && row.published !== row.draft,
});

export async function listConsoleResources(db: Db): Promise<ConsoleResource[]> {
  const rows = await db.selectFrom("resources").selectAll().orderBy("updated_at", "desc").execute();
  return rows.map(consoleRow);
}

export async function consoleResource(db: Db, id: string): Promise<ConsoleResource | undefined> {
  const row = await db.selectFrom("resources").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? consoleRow(row) : undefined;
}

/** A published resource as the lists, the feed and the sitemap show it. */
export type PublicResource = ResourceContent & {
  id: string;
  kind: ResourceKind;
  file: ResourceFile;
  href: string;
  publishedAt: string;
};

/** The published resources, newest first. */
export async function publishedResources(db: Db): Promise<PublicResource[]> {
  const rows = await db
    .selectFrom("resources")
    .select(["id", "kind", "published", "published_at"])
    .where("state", "=", "published")
    .orderBy("published_at", "desc")
    .execute();
  return rows.flatMap((row) => {
    const content = readContent(row.published!);
    if (!content.file) return [];
    const file = content.file;
    return [
      {
        ...content,
        file,
        id: row.id,
        kind: row.kind,
        href: resourceFileHref(file),
        publishedAt: row.published_at!,
      },
    ];
  });
}
