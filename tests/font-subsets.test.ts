import { existsSync, readFileSync } from "node:fs";
import fontverter from "fontverter";
import { Blob, Face } from "harfbuzzjs";
import { beforeAll, describe, expect, it } from "vitest";
import { clientBuildDir, prerenderedHtml, prerenderedPaths } from "../support/prerendered-pages";
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
  let subset: Face;
  /** Characters the full face has but the subset lacks (a character neither has falls back). */
  let lacks: (character: string) => boolean;

  beforeAll(async () => {
    subset = await openFace(output);
    const inSource = new Set((await openFace(source)).collectUnicodes());
    const covered = new Set(subset.collectUnicodes());
    lacks = (character) => {
      const codePoint = character.codePointAt(0)!;
      return inSource.has(codePoint) && !covered.has(codePoint);
    };
  });

  it("has every character the site writes that the full face has", () => {
    expect(
      [...characters()].filter((character) => lacks(character)),
      "characters missing: run `npm run fonts:subset`",
    ).toEqual([]);
  });

  it("has every character of the prerendered pages that the full face has", () => {
    expect(existsSync(clientBuildDir), "no production build: run `npm run build` first").toBe(true);
    const missing = prerenderedPaths().flatMap((page) =>
      [...pageCharacters(prerenderedHtml(page))]
        .filter((character) => lacks(character))
        .map((character) => `${character} on ${page}`),
    );
    expect(missing).toEqual([]);
  });

  it("varies in weight from 400 to 700, the weights the styles use", () => {
    expect(subset.getAxisInfos().wght).toMatchObject(subsetWeights);
  });
});
