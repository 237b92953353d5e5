import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  libraryDownloadKeys,
  libraryItems,
  featuredDownloads,
  type DownloadKey,
} from "~/content/free-library";
import { downloadTargets, resolveDownload, type FileDownload } from "~/lib/download-targets";
import { generateGuides } from "../scripts/generate-guides";
import { mp3DurationSeconds } from "../support/mp3-duration";

const allKeys: DownloadKey[] = [...libraryDownloadKeys, "logo"];
const publicFile = (target: FileDownload) => path.join("public", target.href);
const fileTargets = Object.entries(downloadTargets).filter(
  (entry): entry is [DownloadKey, FileDownload] => entry[1].kind === "file",
);
const items = [...libraryItems, ...featuredDownloads];

describe("download helper", () => {
  it("resolves all twelve keys", () => {
    expect(allKeys).toHaveLength(12);
    expect(Object.keys(downloadTargets).sort()).toEqual([...allKeys].sort());
    for (const key of allKeys) expect(resolveDownload(key), key).toBeDefined();
  });

  it("serves the static keys from /downloads under friendly names", () => {
    const formats = Object.fromEntries(
      (
        [
          "logo",
          "witness-consciousness-guide",
          "ego-interrupt-practice",
          "selling-comparison",
        ] as const
      ).map((key) => {
        const target = resolveDownload(key) as FileDownload;
        expect(target.href).toMatch(/^\/downloads\//);
        expect(target.fileName).toMatch(/^[A-Z][A-Za-z-]+\.(pdf|mp3|png)$/);
        return [key, target.format];
      }),
    );
    expect(formats).toEqual({
      logo: "png",
      "witness-consciousness-guide": "pdf",
      "ego-interrupt-practice": "mp3",
      "selling-comparison": "pdf",
    });
  });

  it("shows the demo notice for the three audio practices", () => {
    const demos = allKeys.filter((key) => resolveDownload(key).kind === "audio-demo");
    expect(
      demos.map((key) => [key, (resolveDownload(key) as { minutes: number }).minutes]),
    ).toEqual([
      ["presence-anchor-meditation", 12],
      ["witness-consciousness-practice", 18],
      ["energy-reading-technique", 15],
    ]);
  });

  it("has a file on disk for every file key", () => {
    for (const [key, target] of fileTargets) expect(existsSync(publicFile(target)), key).toBe(true);
  });
});

describe("guide PDFs", () => {
  const pdfs = fileTargets.filter(([, target]) => target.format === "pdf");
  const freshDir = mkdtempSync(path.join(tmpdir(), "guides-"));
  afterAll(() => rmSync(freshDir, { recursive: true, force: true }));

  it("are generated for the five guides and the two static PDFs", () => {
    expect(pdfs.map(([key]) => key).sort()).toEqual(
      [
        "beyond-technique",
        "ego-patterns-workbook",
        "handling-objections",
        "method-overview",
        "sales-ego-recognition",
        "selling-comparison",
        "witness-consciousness-guide",
      ].sort(),
    );
  });

  it("open in a PDF reader, carry their title and have the length the item states", () => {
    for (const [key, target] of pdfs) {
      const file = publicFile(target);
      const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
      const title = /^Title:\s+(.+)$/m.exec(info)?.[1]?.trim();
      const pages = Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]);
      expect(title, key).toBeTruthy();
      const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
      expect(text.replace(/\s+/g, " "), key).toContain(title!);
      expect(text.split(/\s+/).length, key).toBeGreaterThan(150);
      const item = items.find((candidate) => candidate.downloadKey === key);
      expect(item, key).toBeDefined();
      // Guides state their length in pages; the insight papers state a reading time instead.
      if (/pages?$/.test(item!.duration)) {
        expect(item!.duration, key).toBe(`${pages} ${pages === 1 ? "page" : "pages"}`);
      }
    }
  });

  it("committed in public/downloads are what the generator makes from the content now", async () => {
    const written = await generateGuides(freshDir);
    expect(written).toHaveLength(pdfs.length);
    for (const fresh of written) {
      const committed = path.join("public/downloads", path.basename(fresh));
      expect(
        readFileSync(committed).equals(readFileSync(fresh)),
        `${committed} is stale: run npm run prebuild`,
      ).toBe(true);
    }
  });
});

describe("practice audio and logo", () => {
  it("the mp3 is small and as long as its item says", () => {
    const target = resolveDownload("ego-interrupt-practice") as FileDownload;
    const file = publicFile(target);
    expect(statSync(file).size).toBeLessThan(300 * 1024);
    const item = libraryItems.find(
      (candidate) => candidate.downloadKey === "ego-interrupt-practice",
    )!;
    const [, minutes, seconds] = /^(\d+) min (\d+) sec$/.exec(item.duration) ?? [];
    const stated = Number(minutes) * 60 + Number(seconds);
    expect(Math.abs(mp3DurationSeconds(file) - stated)).toBeLessThanOrEqual(1);
  });

  it("the logo is a PNG", () => {
    const file = publicFile(resolveDownload("logo") as FileDownload);
    expect(readFileSync(file).subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  });
});
