import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import "./support/local-postgres";

const siteIslands = "virtual:site-islands";
const formIslands = "virtual:form-islands";

export default defineConfig({
  // Components render as in the browser build, where the island's inlined text is empty and no
  // form island is named (vite.config.ts builds them only for the server).
  plugins: [
    {
      name: "site-islands-as-in-the-browser",
      resolveId: (source) => (source === siteIslands ? `\0${siteIslands}` : undefined),
      load: (id) => (id === `\0${siteIslands}` ? "export default '';" : undefined),
    },
    {
      name: "form-islands-as-in-the-browser",
      resolveId: (source) => (source === formIslands ? `\0${formIslands}` : undefined),
      load: (id) => (id === `\0${formIslands}` ? "export default {};" : undefined),
    },
  ],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // Vitest starts the files that took longest last time first, from its cache here; CI keeps it
  // outside the fresh clone (VITEST_CACHE_DIR in .ci/run) so that no long file starts last.
  cacheDir: process.env.VITEST_CACHE_DIR,
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // The resilience suite has its own config (vitest.resilience.config.ts).
    exclude: ["tests/resilience/**", "**/node_modules/**"],
    environment: "node",
    // One Postgres database for the run, each file a schema in it (support/postgres-run-database.ts).
    globalSetup: ["./support/postgres-run-database.ts"],
    setupFiles: ["./tests/setup/vitest-setup.ts"],
    // A guard against a hang, not a speed check: tests wait on events, and at load 15-20 a built
    // server's first pages and a 40-run property test pass 20 s (benchmarks measure speed).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run side by side, each in a process of its own: every file has its own database (a
    // SQLite file, or a Postgres schema in the run's database), its servers listen on free
    // ports (support/built-server.ts) and its files go to mkdtemp folders. Two workers fill a
    // 2-core machine; a third only makes them wait on each other (see issue 32). VITEST_MAX_WORKERS
    // changes it for a larger machine.
    pool: "forks",
    fileParallelism: true,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
  },
});
