import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { clientBuildDir, prerenderedPaths } from "../bench/first-load-javascript";
import { fontSubsets, subsetWeights } from "../scripts/font-subsets";

async function openFace(file: string) {
  return new Face(new Blob(await fontverter.convert(readFileSync(file), "sfnt")), 0);
}

/** The characters a page's visible text uses (tags, scripts and styles removed). */
function pageCharacters(html: string) {
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&[a-z]+;|&#\d+;/g, " ");
  return new Set([...text].filter((character) => character.codePointAt(0)! >= 0x20));
}

describe.each(fontSubsets)("font subset $output", ({ source, output, characters }) => {
  it("has every character the site writes that the full face has", async () => {
    const inSource = new Set((await openFace(source)).collectUnicodes());
    const covered = new Set((await openFace(output)).collectUnicodes());
    const missing = [...characters()].filter((character) => {
      const codePoint = character.codePointAt(0)!;
      return inSource.has(codePoint) && !covered.has(codePoint);
    });
    expect(missing, "characters missing: run `npm run fonts:subset`").toEqual([]);
  });

  it("has every character of the prerendered pages that the full face has", async () => {
    expect(existsSync(clientBuildDir), "no production build: run `npm run build` first").toBe(true);
    const inSource = new Set((await openFace(source)).collectUnicodes());
    const covered = new Set((await openFace(output)).collectUnicodes());
    const missing = new Set<string>();
    for (const page of prerenderedPaths())
      for (const character of pageCharacters(
        readFileSync(path.join(clientBuildDir, page, "index.html"), "utf8"),
      ))
        if (inSource.has(character.codePointAt(0)!) && !covered.has(character.codePointAt(0)!))
          missing.add(`${character} on ${page}`);
    expect([...missing]).toEqual([]);
  });

  it("varies in weight from 400 to 700, the weights the styles use", async () => {
    const axes = (await openFace(output)).getAxisInfos();
    expect(axes.wght).toMatchObject(subsetWeights);
  });
});
