import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The two faces the site serves, cut down from the @fontsource Latin files to the weights the
 * styles use (400 to 700) and the characters the site writes: half the bytes of the full files.
 * `npm run fonts:subset` writes them; tests/font-subsets.test.ts fails when copy gains a
 * character a face lacks.
 */
export type FontSubset = {
  source: string;
  output: string;
  /** Characters the face must have. */
  characters: () => Set<string>;
};

const characterRange = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index));
const printableAscii = characterRange(0x20, 0x7e);
const latin1 = characterRange(0xa0, 0xff);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|md)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

/** Every character of the site's copy and code (app/), plus printable ASCII. */
export function siteCharacters(appDir = "app"): Set<string> {
  const characters = new Set(printableAscii);
  for (const file of sourceFiles(appDir))
    for (const character of readFileSync(file, "utf8"))
      if (character.codePointAt(0)! >= 0x20) characters.add(character);
  return characters;
}

export const fontSubsets: FontSubset[] = [
  {
    source: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    output: "app/fonts/inter-subset.woff2",
    // Body text and form fields: also the Latin-1 letters a visitor may type in a name.
    characters: () => new Set([...siteCharacters(), ...latin1]),
  },
  {
    source: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    output: "app/fonts/fraunces-subset.woff2",
    characters: () => siteCharacters(),
  },
];

export const subsetWeights = { min: 400, max: 700 };
