import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  receiveUpload,
  resourceDownloadItem,
  resourceFileFacts,
  uploadArticleImage,
} from "~/.server/publishing";
import { fileSizeLabel } from "~/lib/file-size";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

describe("a file's size", () => {
  it("reads as people say it: bytes, KB with a decimal under ten, MB", () => {
    expect(fileSizeLabel(1)).toBe("1 byte");
    expect(fileSizeLabel(840)).toBe("840 bytes");
    expect(fileSizeLabel(1331)).toBe("1.3 KB");
    expect(fileSizeLabel(120 * 1024 + 300)).toBe("120 KB");
    expect(fileSizeLabel(1024 * 1024 - 1)).toBe("1 MB");
    expect(fileSizeLabel(4.2 * 1024 * 1024)).toBe("4.2 MB");
  });

  it("is what a 1.3 KB guide's card and its revision's facts show", () => {
    const file = { id: "a1b2c3.pdf", bytes: 1331, seconds: null, pages: null, name: "notes.pdf" };
    expect(
      resourceDownloadItem({ kind: "guide", title: "Notes", description: "Short.", file }),
    ).toMatchObject({ duration: "1.3 KB" });
    expect(resourceFileFacts(file)).toBe("notes.pdf, PDF, 1.3 KB");
  });
});

describe.each(allDialects)("an empty image chosen for upload on %s", (dialect) => {
  let database: TestDatabase;
  let uploadsDir: string;
  const clock = new ManualClock("2026-12-07T12:00:00.000Z");

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    uploadsDir = mkdtempSync(path.join(tmpdir(), "empty-image-"));
  });
  afterAll(async () => {
    await database?.dispose();
    if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("is refused as empty, not as if no file had been chosen", async () => {
    const outcome = await uploadArticleImage(
      { db: database.db, clock, uploadsDir },
      {
        actor: "owner@uploads.test",
        fileName: "photo.jpg",
        received: await receiveUpload(uploadsDir, [new Uint8Array()]),
      },
    );
    expect(outcome).toEqual({
      outcome: "refused",
      status: 400,
      message: "The file you chose is empty (0 bytes): choose the image again, or another one.",
    });
  });
});
