import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** Written next to build/client by the build (scripts/hash-inline-scripts.ts), read at start. */
export const inlineScriptHashesFileName = "inline-script-hashes.json";

/**
 * The hashes of each prerendered page of `clientDir`, by file (`/method/index.html`). A build
 * without them would serve pages whose scripts the policy refuses, so their absence stops the start.
 */
export function readInlineScriptHashes(clientDir: string): Map<string, string[]> {
  const file = path.join(clientDir, "..", inlineScriptHashesFileName);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\``);
  return new Map(
    Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>),
  );
}
