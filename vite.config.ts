import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";

const fromRoot = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The lucide icon files that the given sources import, through lucide's own index (which maps
 * every name and alias to its file).
 */
function lucideIconFiles(sources: string[]) {
  const index = readFileSync(
    fromRoot("node_modules/lucide-react/dist/esm/lucide-react.mjs"),
    "utf8",
  );
  const fileOfName = new Map<string, string>();
  for (const [, names, file] of index.matchAll(
    /export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const [, name] of names!.matchAll(/as (\w+)/g)) fileOfName.set(name!, file!);
  }
  const files = new Set<string>();
  for (const source of sources) {
    const text = readFileSync(fromRoot(source), "utf8");
    for (const [, names] of text.matchAll(/import \{([^}]+)\} from "lucide-react"/g)) {
      for (const name of names!.split(",")) {
        const file = fileOfName.get(name.trim());
        if (file) files.add(file);
      }
    }
  }
  return [...files];
}

// The form pages' common parts (fields, labels, icons) travel together: one request, not a dozen.
const formParts =
  /app\/components\/(ui|forms|page)\/|node_modules\/lucide-react\/dist\/esm\/icons\//;

const filesIn = (dir: string) =>
  readdirSync(fromRoot(dir))
    .filter((name) => !name.includes(".test."))
    .map((name) => `${dir}/${name}`);

// The site frame's and the home page's icons travel in the shell, so home hydrates without the
// shared chunk (decision 002).
const shellIcons = lucideIconFiles([
  ...filesIn("app/components/layout"),
  ...filesIn("app/components/ui"),
  ...filesIn("app/components/home"),
  "app/routes/home.tsx",
]);

const shellModules = new RegExp(
  String.raw`app\/(lib\/(site|class-names|use-site-settings|route-meta)\.ts|components\/(ui\/(button|card|toaster|slot)\.tsx|layout\/|video-dialog\/video-dialog\.tsx))|node_modules\/(react-dom\/(index\.js|cjs\/react-dom\.production\.js)|clsx|class-variance-authority|lucide-react\/dist\/esm\/(createLucideIcon|Icon|defaultAttributes|shared|icons\/(${shellIcons.join("|")}))\.mjs)`,
);

/**
 * `virtual:site-islands`: the island script of pages that do not hydrate (decision 077), compiled
 * and minified to text for the server to inline. The browser build gets an empty string: hydrated
 * pages run the same code from the root module.
 */
function siteIslands(): Plugin {
  const id = "virtual:site-islands";
  const entry = fromRoot("app/islands/start.ts");
  return {
    name: "site-islands",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved, options) {
      if (resolved !== `\0${id}`) return;
      if (!options?.ssr) return "export default '';";
      const result = await esbuild({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: "iife",
        target: "es2022",
        write: false,
        metafile: true,
        alias: { "~": fromRoot("app") },
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(fromRoot(input));
      return `export default ${JSON.stringify(result.outputFiles[0]!.text.trim())};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), siteIslands()],
  // React Router preloads route modules itself; Vite's preload helper would only add first-load bytes.
  build: {
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The site shell and the small pieces every page uses, in one chunk instead of a dozen:
        // fewer requests and better compression of first-load JavaScript.
        codeSplitting: {
          groups: [
            { name: "shell", test: shellModules, priority: 2 },
            { name: "form-parts", test: formParts, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  // Bundled into the server build so only the icons and email components used are loaded: their
  // barrels took a second and 40 MB of the server's start (issue 14).
  ssr: { noExternal: ["lucide-react", /^@react-email\/(?!render)/, "kysely"] },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
});
