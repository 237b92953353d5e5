import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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

/** The form pages' islands (decision 077): one entry each in app/islands/forms/. */
const formIslandNames = readdirSync(fromRoot("app/islands/forms"))
  .filter((name) => name.endsWith(".tsx"))
  .map((name) => name.replace(/\.tsx$/, ""));

/**
 * `virtual:form-islands`: for each form page's island, the address of its module and of every
 * module it imports, entry first. esbuild bundles the islands (React, react-dom/client, the form's
 * components) apart from React Router's build, sharing one chunk between them; the production
 * build writes them beside the client assets, the dev server serves them from memory. The browser
 * build gets an empty map: only the server renders the scripts.
 */
function formIslands(): Plugin {
  const id = "virtual:form-islands";
  const outdir = fromRoot("build/client/assets");
  let production = false;
  const served = new Map<string, Uint8Array>();
  return {
    name: "form-islands",
    configResolved(config) {
      production = config.command === "build";
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = served.get((request.url ?? "").split("?")[0]!);
        if (!file) return next();
        response.setHeader("Content-Type", "text/javascript");
        response.end(file);
      });
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved, options) {
      if (resolved !== `\0${id}`) return;
      if (!options?.ssr) return "export default {};";
      const result = await esbuild({
        entryPoints: Object.fromEntries(
          formIslandNames.map((name) => [
            `island-${name}`,
            fromRoot(`app/islands/forms/${name}.tsx`),
          ]),
        ),
        bundle: true,
        splitting: true,
        minify: production,
        format: "esm",
        target: "es2022",
        outdir,
        entryNames: "[name]-[hash]",
        chunkNames: "island-shared-[hash]",
        jsx: "automatic",
        define: {
          "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
          "import.meta.env.SSR": "false",
        },
        write: production,
        metafile: true,
        alias: { "~": fromRoot("app") },
      });
      // An island runs without a router: a hook of React Router's would throw in it.
      const router = Object.keys(result.metafile.inputs).find((input) =>
        input.includes("node_modules/react-router/"),
      );
      if (router) throw new Error(`A form island imports React Router (${router}): decision 077.`);
      const url = (file: string) => `/assets/${path.relative(outdir, path.resolve(file))}`;
      if (!production)
        for (const file of result.outputFiles ?? []) served.set(url(file.path), file.contents);
      for (const input of Object.keys(result.metafile.inputs))
        if (!input.startsWith("node_modules")) this.addWatchFile(path.resolve(input));
      const outputs = result.metafile.outputs;
      /**
       * The module and everything it imports, entry first: the page fetches them all at once,
       * those imported later (the toasts' sonner) too, so no tap on a form page waits for a fetch.
       */
      const withImports = (file: string, seen = new Set<string>()): string[] => {
        if (seen.has(file)) return [];
        seen.add(file);
        const imports = outputs[file]!.imports.filter(
          (entry) => entry.kind === "import-statement" || entry.kind === "dynamic-import",
        );
        return [file, ...imports.flatMap((entry) => withImports(entry.path, seen))];
      };
      const modules = Object.fromEntries(
        Object.entries(outputs)
          .filter(([, output]) => output.entryPoint)
          .map(([file, output]) => [
            path.basename(output.entryPoint!, ".tsx"),
            withImports(file).map(url),
          ]),
      );
      return `export default ${JSON.stringify(modules)};`;
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), siteIslands(), formIslands()],
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
