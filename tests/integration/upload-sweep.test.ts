import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createArticle,
  createResource,
  publishArticle,
  receiveUpload,
  saveArticleDraft,
  saveResourceDraft,
  sweepUnusedUploads,
  uploadArticleImage,
  uploadGraceMs,
} from "~/.server/publishing";
import { staleReceivedMs } from "~/.server/publishing/uploads/upload-sweep";
import type { ArticleDocument } from "~/lib/article-document";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const actor = "owner@sweep.test";
const practiceMp3 = readFileSync(
  path.join(import.meta.dirname, "../../public/downloads/ego-interrupt-practice.mp3"),
);

/** A small image of its own colour: each is a different upload. */
const swatch = (red: number) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: { r: red, g: 80, b: 60 } } })
    .png()
    .toBuffer();

const bodyWith = (src?: string): ArticleDocument => ({
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "Breathe before the ask." }] },
    ...(src ? [{ type: "image" as const, attrs: { src, alt: "A quiet desk" } }] : []),
  ],
});

const fields = (slug: string, coverImage = "") => ({
  slug,
  title: `Article ${slug}`,
  excerpt: "What it is about.",
  category: "Practice" as const,
  coverImage,
  coverAlt: coverImage ? "A window" : "",
  seoTitle: "",
  seoDescription: "",
  keywords: "",
});

describe.each(allDialects)("the sweep of unused uploads on %s", (dialect) => {
  let database: TestDatabase;
  let uploadsDir: string;
  const clock = new ManualClock("2026-11-28T10:00:00.000Z");
  const deps = () => ({ db: database.db, clock, uploadsDir });
  const keptImages = () => readdirSync(path.join(uploadsDir, "images")).sort();
  const keptFiles = () =>
    existsSync(path.join(uploadsDir, "files")) ? readdirSync(path.join(uploadsDir, "files")) : [];
  const folderOf = (src: string | undefined) => src!.split("/")[2]!;

  async function upload(red: number) {
    const received = await receiveUpload(uploadsDir, [await swatch(red)]);
    const outcome = await uploadArticleImage(deps(), {
      actor,
      fileName: `swatch-${red}.png`,
      received,
    });
    rmSync(received.path);
    if (outcome.outcome !== "uploaded") throw new Error(outcome.message);
    return outcome.src;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    uploadsDir = mkdtempSync(path.join(tmpdir(), "upload-sweep-"));
  });
  afterAll(async () => {
    await database?.dispose();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("removes only what no revision or resource uses, once past the grace period", async () => {
    const [inDraft, inPublished, inScheduled, inOldRevision, unused, chosenAgain] =
      await Promise.all([10, 40, 70, 100, 130, 160].map((red) => upload(red)));

    // A draft's cover, never published.
    const draft = await createArticle(deps(), { actor });
    await saveArticleDraft(deps(), {
      id: draft.id,
      actor,
      fields: fields("a-draft", inDraft),
      body: bodyWith(),
    });
    // An image in a published article's body.
    const live = await createArticle(deps(), { actor });
    await saveArticleDraft(deps(), {
      id: live.id,
      actor,
      fields: fields("live"),
      body: bodyWith(inPublished),
    });
    await publishArticle(deps(), { id: live.id, actor });
    // A scheduled article's cover.
    const later = await createArticle(deps(), { actor });
    await saveArticleDraft(deps(), {
      id: later.id,
      actor,
      fields: fields("later", inScheduled),
      body: bodyWith(),
    });
    await publishArticle(deps(), {
      id: later.id,
      actor,
      at: new Date(clock.now().getTime() + 7 * uploadGraceMs),
    });
    // Only an older revision still names it: a restore may bring it back.
    await saveArticleDraft(deps(), {
      id: live.id,
      actor,
      fields: fields("live"),
      body: bodyWith(inOldRevision),
    });
    await saveArticleDraft(deps(), {
      id: live.id,
      actor,
      fields: fields("live"),
      body: bodyWith(inPublished),
    });

    // A practice whose file was replaced: only its older revision names the first file, which a
    // restore may bring back (decision 272).
    const practice = await createResource(deps(), { actor, kind: "audio" });
    const save = (bytes: Uint8Array) =>
      saveResourceDraft(deps(), {
        id: practice.id,
        actor,
        title: "Practice",
        description: "Short.",
        upload: { fileName: "p.mp3", bytes },
      });
    await save(practiceMp3);
    const [replacedFile] = keptFiles();
    await save(Buffer.concat([practiceMp3, practiceMp3]));
    // A file's row and bytes no revision names (no save leaves one: written as an older site could).
    const orphanFile = "0123456789abcdef0123456789abcdef.mp3";
    writeFileSync(path.join(uploadsDir, "files", orphanFile), practiceMp3);
    await database.db
      .insertInto("uploaded_files")
      .values({
        id: orphanFile,
        bytes: practiceMp3.length,
        created_by: actor,
        created_at: clock.now().toISOString(),
      })
      .execute();
    const keptResourceFiles = keptFiles()
      .filter((name) => name !== orphanFile)
      .sort();
    expect(keptResourceFiles).toHaveLength(2);
    expect(keptResourceFiles).toContain(replacedFile);

    // Within the grace period nothing goes, not even an upload nobody used.
    expect(await sweepUnusedUploads(deps())).toBe(0);
    expect(keptImages()).toHaveLength(6);

    clock.advance(uploadGraceMs + 1000);
    // Chosen again just now (the editor is about to use it), and one uploaded just now.
    expect(await upload(160)).toBe(chosenAgain);
    const justUploaded = await upload(220);

    expect(await sweepUnusedUploads(deps())).toBe(2);
    const kept = [inDraft, inPublished, inScheduled, inOldRevision, chosenAgain, justUploaded];
    expect(keptImages()).toEqual(kept.map(folderOf).sort());
    expect(keptImages()).not.toContain(folderOf(unused));
    expect(keptFiles().sort()).toEqual(keptResourceFiles);
    const rows = await database.db
      .selectFrom("uploaded_images")
      .select("id")
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.id)).toEqual(keptImages());
    const fileRows = await database.db
      .selectFrom("uploaded_files")
      .select("id")
      .orderBy("id")
      .execute();
    expect(fileRows.map((row) => row.id)).toEqual(keptResourceFiles);
    // A second round finds nothing more.
    expect(await sweepUnusedUploads(deps())).toBe(0);
  });

  it("removes a received file a stopped server left, never one still arriving", async () => {
    const now = clock.now().getTime() / 1000;
    const leftOver = await receiveUpload(uploadsDir, [await swatch(1)]);
    utimesSync(leftOver.path, now - staleReceivedMs / 1000 - 1, now - staleReceivedMs / 1000 - 1);
    const arriving = await receiveUpload(uploadsDir, [await swatch(2)]);
    utimesSync(arriving.path, now - 60, now - 60);
    await sweepUnusedUploads(deps());
    expect(existsSync(leftOver.path)).toBe(false);
    expect(existsSync(arriving.path)).toBe(true);
    rmSync(arriving.path);
  });
});
