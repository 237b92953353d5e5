import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consoleResource,
  createResource,
  publishResource,
  publishedResources,
  resourceRevisionDiff,
  resourceRevisions,
  restoreResourceRevision,
  saveResourceDraft,
} from "~/.server/publishing";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** The committed practice: 105 s. */
const practiceMp3 = readFileSync(
  path.join(import.meta.dirname, "../../public/downloads/ego-interrupt-practice.mp3"),
);

describe.each(allDialects)("revisions of guides and audio practices on %s", (dialect) => {
  let database: TestDatabase;
  let uploadsDir: string;
  const clock = new ManualClock("2026-11-28T10:00:00.000Z");
  const actor = "owner@revisions.test";
  const deps = () => ({ db: database.db, clock, uploadsDir });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    uploadsDir = mkdtempSync(path.join(tmpdir(), "resource-revisions-"));
  });
  afterAll(async () => {
    await database?.dispose();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("keeps every save with who and when, adds nothing for an unchanged one, restores as new", async () => {
    const practice = await createResource(deps(), { actor, kind: "audio" });
    const save = (title: string, upload?: { fileName: string; bytes: Uint8Array }) => {
      clock.advance(60_000);
      return saveResourceDraft(deps(), {
        id: practice.id,
        actor,
        title,
        description: "Ninety seconds before a call.",
        upload,
      });
    };
    expect(await save("Ego Interrupt", { fileName: "ego.mp3", bytes: practiceMp3 })).toEqual({
      outcome: "saved",
      revision: 2,
      unchanged: false,
    });
    // An autosave with nothing typed since leaves no revision.
    expect(await save("Ego Interrupt")).toEqual({ outcome: "saved", revision: 2, unchanged: true });
    expect(await publishResource(deps(), { id: practice.id, actor })).toEqual({
      outcome: "published",
    });
    const longer = Buffer.concat([practiceMp3, practiceMp3]);
    await save("The Ego Interrupt", { fileName: "ego-long.mp3", bytes: longer });

    const history = await resourceRevisions(database.db, practice.id);
    expect(history).toMatchObject({ draftRevision: 3, publishedRevision: 2 });
    expect(history!.revisions).toEqual([
      {
        number: 3,
        author: actor,
        createdAt: "2026-11-28T10:03:00.000Z",
        title: "The Ego Interrupt",
      },
      { number: 2, author: actor, createdAt: "2026-11-28T10:01:00.000Z", title: "Ego Interrupt" },
      { number: 1, author: actor, createdAt: "2026-11-28T10:00:00.000Z", title: "" },
    ]);
    // Editing a live practice changes nothing public until it is published again.
    const [live] = await publishedResources(database.db);
    expect(live).toMatchObject({ title: "Ego Interrupt", file: { seconds: 105, name: "ego.mp3" } });

    const diff = await resourceRevisionDiff(database.db, { id: practice.id, from: 2, to: 3 });
    expect(diff).toEqual([
      { kind: "removed", text: "Title: Ego Interrupt" },
      { kind: "added", text: "Title: The Ego Interrupt" },
      { kind: "same", text: "Description: Ninety seconds before a call." },
      { kind: "removed", text: "File: ego.mp3, MP3, 206 KB, 1 min 45 sec" },
      { kind: "added", text: "File: ego-long.mp3, MP3, 412 KB, 3 min 31 sec" },
    ]);
    expect(await resourceRevisionDiff(database.db, { id: practice.id, from: 2, to: 9 })).toBe(
      undefined,
    );

    // Restoring revision 2 makes it the draft as revision 4: revision 3 stays in the history.
    clock.advance(60_000);
    expect(
      await restoreResourceRevision(deps(), {
        id: practice.id,
        revision: 2,
        actor: "editor@x.test",
      }),
    ).toEqual({ outcome: "restored", revision: 4 });
    const restored = await consoleResource(database.db, practice.id);
    expect(restored!.draft).toMatchObject({
      title: "Ego Interrupt",
      file: { name: "ego.mp3", seconds: 105 },
    });
    expect(restored!.unpublishedChanges).toBe(false);
    const after = await resourceRevisions(database.db, practice.id);
    expect(after!.revisions.map((revision) => [revision.number, revision.author])).toEqual([
      [4, "editor@x.test"],
      [3, actor],
      [2, actor],
      [1, actor],
    ]);
    expect(await restoreResourceRevision(deps(), { id: practice.id, revision: 12, actor })).toEqual(
      { outcome: "not-found" },
    );
    const audit = await database.db
      .selectFrom("admin_audit_log")
      .select("action")
      .where("subject", "=", practice.id)
      .where("action", "=", "resource.restore")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("numbers two saves at once one after the other", async () => {
    const guide = await createResource(deps(), { actor, kind: "guide" });
    const outcomes = await Promise.all(
      ["First wording", "Second wording"].map((title) =>
        saveResourceDraft(deps(), { id: guide.id, actor, title, description: "Both kept." }),
      ),
    );
    expect(outcomes.map((outcome) => "revision" in outcome && outcome.revision).sort()).toEqual([
      2, 3,
    ]);
    const history = await resourceRevisions(database.db, guide.id);
    expect(history!.revisions.map((revision) => revision.number)).toEqual([3, 2, 1]);
  });
});
