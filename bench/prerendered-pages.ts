// The production build's prerendered pages: which there are, their HTML and the scripts they load.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const clientBuildDir = "build/client";

/** The URL paths of the prerendered pages: every folder of the client build with an index.html. */
export function prerenderedPaths(dir = clientBuildDir, prefix = ""): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === "assets" || !statSync(full).isDirectory()) continue;
    paths.push(...prerenderedPaths(full, `${prefix}/${entry}`));
  }
  try {
    statSync(path.join(dir, "index.html"));
    paths.unshift(prefix || "/");
  } catch {
    // a folder of files only (images, downloads)
  }
  return paths;
}

/** The prerendered HTML of a page, by its URL path. */
export function prerenderedHtml(page: string): string {
  return readFileSync(path.join(clientBuildDir, page, "index.html"), "utf8");
}

/** The scripts a prerendered page preloads, in document order (React Router emits one link each). */
export function modulePreloads(html: string): string[] {
  const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  return [...new Set(scripts)];
}

/**
 * What the browser loads of a page before the page is interactive: the module preloads of the page's
 * prerendered HTML, gzipped (the route manifest it also names is only fetched on later navigations).
 */
export function firstLoadJavaScript(page: string): number {
  return modulePreloads(prerenderedHtml(page)).reduce(
    (total, script) => total + gzipSync(readFileSync(path.join(clientBuildDir, script))).length,
    0,
  );
}
