// Writes a brotli (.br) and a gzip (.gz) copy next to each compressible file of build/client, so the
// Node server (and nginx's gzip_static/brotli_static) send them without compressing per request.
// Runs after `react-router build` (npm's postbuild).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = "build/client";
const compressible = new Set([
  ".html",
  ".data",
  ".js",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".ico",
]);
/** Below this a compressed copy saves less than a packet. */
const minimumBytes = 1024;

let written = 0;
for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.has(path.extname(entry.name))) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  if (content.length < minimumBytes) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  written++;
}
console.log(`precompressed ${written} files of ${clientDir} (brotli and gzip)`);
