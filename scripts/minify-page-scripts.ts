// Minifies the page scripts Vite copied into build/client/assets as they are (imported with
// `?url`, app/page-scripts/): the analytics script must stay under 1 KB gzipped on every page.
// Runs first in npm's postbuild, before the files are precompressed.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";

const assetsDir = "build/client/assets";
const pageScripts = readdirSync("app/page-scripts").map((name) => path.parse(name).name);

for (const name of readdirSync(assetsDir)) {
  // Vite names an asset `<name>-<8-character hash>.js`; a route chunk may share the name's start.
  const hashed = (script: string) => new RegExp(`^${script}-[\\w-]{8}\\.js$`);
  if (!pageScripts.some((script) => hashed(script).test(name))) continue;
  const file = path.join(assetsDir, name);
  const { code } = transformSync(readFileSync(file, "utf8"), {
    minify: true,
    target: "es2018",
    loader: "js",
  });
  writeFileSync(file, code);
  console.log(`minified ${file} (${code.length} bytes)`);
}
