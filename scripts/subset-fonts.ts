// Writes the site's font subsets (see font-subsets.ts). Run after changing copy that adds a
// character, or after updating the @fontsource packages: npm run fonts:subset
import { readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";
import { fontSubsets, subsetWeights } from "./font-subsets";

for (const { source, output, characters } of fontSubsets) {
  const subset = await subsetFont(readFileSync(source), [...characters()].join(""), {
    targetFormat: "woff2",
    variationAxes: { wght: subsetWeights },
  });
  writeFileSync(output, subset);
  console.log(`${output}: ${subset.length} bytes (from ${readFileSync(source).length})`);
}
