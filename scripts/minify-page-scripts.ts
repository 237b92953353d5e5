// Minifies the page scripts Vite copied into build/client/assets as they are (imported with
// `?url`, app/page-scripts/): the analytics script must stay under 1 KB gzipped on every page.
// Runs first in npm's postbuild, before the files are precompressed.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";

const assetsDir = "build/client/assets";
const pageScripts = readdirSync("app/page-scripts").map((name) => path.parse(name).name);

for (const name of readdirSync(assetsDir)) {
  if (!pageScripts.some((script) => name.startsWith(`${script}-`) && name.endsWith(".js")))
    continue;
  const file = path.join(assetsDir, name);
  const { code } = transformSync(readFileSync(file, "utf8"), {
    minify: true,
    target: "es2018",
    loader: "js",
  });
  writeFileSync(file, code);
  console.log(`minified ${file} (${code.length} bytes)`);
}
