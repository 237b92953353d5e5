// `npm run fonts:proposal`: writes app/.server/deals/proposals/proposal-fonts.ts, the site's two
// font subsets (app/fonts/) as TrueType in base64 for the proposal PDFs (decision 323). TrueType
// because fontkit cannot subset WOFF2 glyphs; a module because the server and the operation
// scripts are bundled without files beside them. Run it after `npm run fonts:subset`.
import { readFileSync, writeFileSync } from "node:fs";
import fontverter from "fontverter";

const faces = {
  inter: "app/fonts/inter-subset.woff2",
  fraunces: "app/fonts/fraunces-subset.woff2",
};
const output = "app/.server/deals/proposals/proposal-fonts.ts";

const lines = [
  "// Written by `npm run fonts:proposal` (scripts/proposal-fonts.ts) from app/fonts/; do not edit.",
  "// The site's subsets as TrueType, base64, for pdfkit to embed in proposal PDFs.",
];
for (const [name, file] of Object.entries(faces)) {
  const truetype = await fontverter.convert(readFileSync(file), "truetype");
  lines.push(`export const ${name}TrueType =\n  "${Buffer.from(truetype).toString("base64")}";`);
}
writeFileSync(output, `${lines.join("\n")}\n`);
console.log(`wrote ${output}`);
