// The production build's prerendered pages (which there are, their HTML) and the scripts a page's
// HTML loads.
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

const gzippedSize = (script: string) =>
  gzipSync(readFileSync(path.join(clientBuildDir, script))).length;

/** The inline scripts the browser runs while the page loads (not data, not the deferred modules). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => {
      // Data (JSON-LD, the inert deferred module) and files (`src`) are not inline code.
      const type = /\stype="([^"]*)"/.exec(attributes)?.[1];
      return !/\ssrc=/.test(attributes) && (type === undefined || type === "module");
    })
    .map((match) => match[2] ?? "");
}

/**
 * What the browser loads of a page before the visitor interacts, gzipped: its module preloads,
 * script files and inline scripts (React Router's handoff data included).
 */
export function firstLoadJavaScript(html: string): number {
  const files = [
    ...modulePreloads(html),
    ...[...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1] ?? ""),
  ];
  return (
    files.reduce((total, script) => total + gzippedSize(script), 0) +
    inlineScripts(html).reduce((total, script) => total + gzipSync(script).length, 0)
  );
}

/** The modules a file imports statically or dynamically, as paths under the client build. */
function importsOf(code: string, from: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*"([^"]+\.js)"/g)].map((match) => {
    const specifier = match[1] ?? "";
    return specifier.startsWith("/")
      ? specifier
      : path.posix.join(path.posix.dirname(from), specifier);
  });
}

/**
 * The scripts a page runs when it hydrates (decision 002: at the first interaction): the modules its
 * deferred module script names and everything they import, except what loads only on demand.
 */
export function hydrationModules(html: string): string[] {
  const deferred = html.match(
    /<script[^>]*type="text\/x-deferred-module"[^>]*>([\s\S]*?)<\/script>/,
  )?.[1];
  if (!deferred) return [];
  const seen = new Set<string>();
  const visit = (module: string) => {
    if (seen.has(module)) return;
    seen.add(module);
    const code = readFileSync(path.join(clientBuildDir, module), "utf8");
    // Static imports only: `import("…")` inside a module is code loaded on demand (the video dialog).
    for (const match of code.matchAll(/(?:from|import)\s*"([^"]+\.js)"/g))
      visit(path.posix.join(path.posix.dirname(module), match[1] ?? ""));
  };
  for (const module of importsOf(deferred, "/")) visit(module);
  return [...seen];
}

/** The gzipped JavaScript a page hydrates with. */
export function hydrationJavaScript(html: string): number {
  return hydrationModules(html).reduce((total, script) => total + gzippedSize(script), 0);
}

/** The gzipped props a form page hands its island (decision 077): data the island runs with. */
export function islandPropsBytes(html: string): number {
  return [
    ...html.matchAll(
      /<script type="application\/json" id="[\w-]+-island-props">([\s\S]*?)<\/script>/g,
    ),
  ]
    .map((match) => gzipSync(match[1] ?? "").length)
    .reduce((total, bytes) => total + bytes, 0);
}
