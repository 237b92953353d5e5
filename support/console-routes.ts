import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeTable from "../app/routes";

/** Sign-in stands outside the session check: it is how a session starts. */
const signInFiles = new Set([
  "routes/admin.sign-in.tsx",
  "routes/admin.sign-in.verify.tsx",
  "routes/admin.sign-in.passkey.ts",
]);

export type ConsoleRoute = {
  /** A URL that reaches the route, its parameters filled with values that match nothing. */
  url: string;
  /** React Router's id for the route (a single-route data request names it). */
  id: string;
  hasLoader: boolean;
  hasAction: boolean;
};

function walk(entries: RouteConfigEntry[], parent: string): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: own, file: entry.file }, ...walk(entry.children ?? [], own)];
  });
}

/**
 * Every route of the owner's console, read from the route table itself, so a console page added
 * tomorrow is guarded by the same requests without anyone updating a list.
 */
export function consoleRoutes(): ConsoleRoute[] {
  return walk(routeTable, "")
    .filter(({ path: routePath, file }) => /^admin(\/|$)/.test(routePath) && !signInFiles.has(file))
    .map(({ path: routePath, file }) => {
      const source = readFileSync(path.join("app", file), "utf8");
      return {
        url: `/${routePath.replace(/:(\w+)/g, (_, name: string) => (name === "kind" ? "people" : `no-such-${name}`))}`,
        id: file.replace(/\.tsx?$/, ""),
        hasLoader: /export (async )?function loader\b/.test(source),
        hasAction: /export (async )?function action\b/.test(source),
      };
    });
}
