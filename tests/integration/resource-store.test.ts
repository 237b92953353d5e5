import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  articleFeed,
  createResource,
  pagesTouchedByLastChange,
  publishDueResources,
  publishResource,
  publishedResources,
  readContentVersion,
  resourceDownloadItem,
  saveResourceDraft,
  unpublishResource,
} from "~/.server/publishing";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** The committed practice: MPEG-2 Layer III, 16 kb/s, with LAME's Info frame (105 s). */
const practiceMp3 = readFileSync(
  path.join(import.meta.dirname, "../../public/downloads/ego-interrupt-practice.mp3"),
);
const guidePdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n4 0 obj << /Type /Page /Parent 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

/** A CBR MPEG-1 Layer III stream of `frames` silent frames: 128 kb/s, 44.1 kHz, no tags. */
function cbrMp3(frames: number) {
  const frameLength = Math.floor((144 * 128_000) / 44_100);
  const bytes = Buffer.alloc(frameLength * frames);
  for (let at = 0; at < bytes.length; at += frameLength) bytes.set([0xff, 0xfb, 0x90, 0x64], at);
  return bytes;
}

describe.each(allDialects)("guides and audio practices from the console on %s", (dialect) => {
  let database: TestDatabase;
  let uploadsDir: string;
  const clock = new ManualClock("2026-11-28T10:00:00.000Z");
  const actor = "owner@resources.test";
  const deps = () => ({ db: database.db, clock, uploadsDir });
  const filesOnDisk = () =>
    existsSync(path.join(uploadsDir, "files")) ? readdirSync(path.join(uploadsDir, "files")) : [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    uploadsDir = mkdtempSync(path.join(tmpdir(), "resource-store-"));
  });
  afterAll(async () => {
    await database?.dispose();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("refuses a file that is not the kind's format, or named as another, keeping nothing", async () => {
    const guide = await createResource(deps(), { actor, kind: "guide" });
    const audio = await createResource(deps(), { actor, kind: "audio" });
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: "#fff" },
    })
      .png()
      .toBuffer();
    const save = (id: string, fileName: string, bytes: Uint8Array) =>
      saveResourceDraft(deps(), {
        id,
        actor,
        title: "A title",
        description: "A description.",
        upload: { fileName, bytes },
      });
    expect(await save(guide.id, "guide.pdf", png)).toEqual({
      outcome: "refused",
      status: 415,
      message: "This file is a PNG image: a guide is a PDF file.",
    });
    expect(await save(guide.id, "guide.pdf", practiceMp3)).toEqual({
      outcome: "refused",
      status: 415,
      message: "This file is an MP3 audio file: a guide is a PDF file.",
    });
    expect(await save(audio.id, "practice.pdf", practiceMp3)).toEqual({
      outcome: "refused",
      status: 415,
      message:
        "The file's name ends in .pdf, but it is an MP3 audio file: rename it or choose the right file.",
    });
    expect(await save(audio.id, "practice.mp3", guidePdf)).toMatchObject({ status: 415 });
    expect(await save(guide.id, "guide.pdf", new Uint8Array())).toMatchObject({ status: 400 });
    expect(await database.db.selectFrom("uploaded_files").selectAll().execute()).toEqual([]);
    expect(filesOnDisk()).toEqual([]);
    const publish = await publishResource(deps(), { id: guide.id, actor });
    expect(publish).toEqual({
      outcome: "incomplete",
      message: "A resource needs a title before it is published.",
    });
  });

  it("reads a practice's length from its MPEG frames: an Info frame, or the bitrate", async () => {
    const audio = await createResource(deps(), { actor, kind: "audio" });
    const fields = { id: audio.id, actor, title: "Ego Interrupt", description: "Short." };
    await saveResourceDraft(deps(), {
      ...fields,
      upload: { fileName: "ego.mp3", bytes: practiceMp3 },
    });
    const row = await database.db
      .selectFrom("resources")
      .select("draft")
      .where("id", "=", audio.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.draft).file.seconds).toBe(105);
    // 1149 frames of 1152 samples at 44.1 kHz (30 s), counted from the size over 128 kb/s.
    await saveResourceDraft(deps(), {
      ...fields,
      upload: { fileName: "cbr.mp3", bytes: cbrMp3(1149) },
    });
    const cbr = await database.db
      .selectFrom("resources")
      .select("draft")
      .where("id", "=", audio.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(cbr.draft).file.seconds).toBe(30);
  });

  it("publishes a guide and a practice into the lists, the feed and the version, and takes them off", async () => {
    const before = await readContentVersion(database.db);
    const guide = await createResource(deps(), { actor, kind: "guide" });
    const saved = await saveResourceDraft(deps(), {
      id: guide.id,
      actor,
      title: "Pricing Without Pressure",
      description: "Two pages on naming a price calmly.",
      upload: { fileName: "pricing.pdf", bytes: guidePdf },
    });
    expect(saved).toEqual({ outcome: "saved", revision: 2, unchanged: false });
    // Saving a draft changes nothing public.
    expect(await readContentVersion(database.db)).toBe(before);
    expect(await publishResource(deps(), { id: guide.id, actor })).toEqual({
      outcome: "published",
    });
    expect(await readContentVersion(database.db)).toBe(before + 1);
    expect(await pagesTouchedByLastChange(database.db)).toEqual(
      expect.arrayContaining(["/resources", "/all-resources", "/feed.xml", "/atom.xml"]),
    );
    const [listed] = await publishedResources(database.db);
    expect(listed!.title).toBe("Pricing Without Pressure");
    expect(readFileSync(path.join(uploadsDir, "files", listed!.file.id))).toEqual(guidePdf);
    expect(filesOnDisk().filter((name) => name.startsWith("."))).toEqual([]);
    expect(resourceDownloadItem(listed!)).toMatchObject({
      type: "PDF Guide",
      category: "Free Guides",
      duration: "2 pages",
      file: { href: listed!.href, fileName: "Pricing-Without-Pressure.pdf" },
    });
    const rss = await articleFeed(database.db, "https://site.test", "rss");
    expect(rss).toContain(
      `<enclosure url="https://site.test${listed!.href}" length="${guidePdf.length}" type="application/pdf"/>`,
    );

    // An edit of the live guide waits for the next publish.
    await saveResourceDraft(deps(), {
      id: guide.id,
      actor,
      title: "Pricing Without Pressure, Revised",
      description: "Two pages on naming a price calmly.",
    });
    expect((await publishedResources(database.db))[0]!.title).toBe("Pricing Without Pressure");
    await publishResource(deps(), { id: guide.id, actor });
    expect((await publishedResources(database.db))[0]!.title).toBe(
      "Pricing Without Pressure, Revised",
    );

    expect(await unpublishResource(deps(), { id: guide.id, actor })).toEqual({
      outcome: "unpublished",
    });
    expect(await publishedResources(database.db)).toEqual([]);
    expect(await readContentVersion(database.db)).toBe(before + 3);
  });

  it("publishes a scheduled practice once its time has come, once across two rounds", async () => {
    const audio = await createResource(deps(), { actor, kind: "audio" });
    await saveResourceDraft(deps(), {
      id: audio.id,
      actor,
      title: "Ego Interrupt Practice, Extended",
      description: "The practice, with a longer pause.",
      upload: { fileName: "ego.mp3", bytes: practiceMp3 },
    });
    const at = new Date(clock.now().getTime() + 60 * 60_000);
    expect(await publishResource(deps(), { id: audio.id, actor, at })).toEqual({
      outcome: "scheduled",
      publishAt: at.toISOString(),
    });
    expect(await publishDueResources(deps())).toBe(0);
    expect(await publishedResources(database.db)).toEqual([]);
    clock.advance(61 * 60_000);
    const rounds = await Promise.all([publishDueResources(deps()), publishDueResources(deps())]);
    expect(rounds.sort()).toEqual([0, 1]);
    const [practice] = await publishedResources(database.db);
    expect(resourceDownloadItem(practice!)).toMatchObject({
      type: "Audio",
      category: "Audio Practices",
      duration: "1 min 45 sec",
      downloads: "MP3 download",
    });
    const atom = await articleFeed(database.db, "https://site.test", "atom");
    expect(atom).toContain(`<link rel="alternate" href="https://site.test${practice!.href}"/>`);
    expect(atom).toContain(
      `<link rel="enclosure" href="https://site.test${practice!.href}" type="audio/mpeg"`,
    );
  });
});
