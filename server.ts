// The process entry. Production runs the compiled `build/server.js` (npm start) over the React
// Router build; development (`npm run dev`) runs this file with tsx and Vite's middleware.
import "dotenv/config";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type * as SiteEntry from "./app/entry.server";

const here = path.dirname(fileURLToPath(import.meta.url));
const compiled = path.basename(here) === "build";
const buildDir = compiled ? here : path.join(here, "build");
// The compiled server is the production one; `npm start` needs no shell to say so.
if (compiled) process.env.NODE_ENV ??= "production";

function siteEntry(build: ServerBuild) {
  return build.entry.module as unknown as typeof SiteEntry;
}

if (process.env.NODE_ENV === "production") {
  const serverBuild = path.join(buildDir, "server/index.js");
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  await siteEntry(build).startSiteServer({
    build,
    clientDir: path.join(buildDir, "client"),
    outboxServiceEntry: pathToFileURL(path.join(buildDir, "operations/outbox-worker.js")),
  });
} else {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const loadBuild = () =>
    vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  await siteEntry(await loadBuild()).startSiteServer({
    build: loadBuild,
    devMiddleware: vite.middlewares,
    // Run by tsx in the thread too: a worker thread inherits the process's loader flags.
    outboxServiceEntry: pathToFileURL(path.join(here, "scripts/operations/outbox-worker.ts")),
  });
}
