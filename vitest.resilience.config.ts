import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import "./support/local-postgres";

// The resilience suite (`npm run test:resilience`, part of `npm test`): crashes, SMTP outages, two
// instances behind nginx, hostile input and headers, all against the built server (`npm run build`).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/resilience/**/*.test.ts"],
    environment: "node",
    // One Postgres database for the run, each file a schema in it (support/postgres-run-database.ts).
    globalSetup: ["./support/postgres-run-database.ts"],
    testTimeout: 120_000,
    hookTimeout: 90_000,
    // Each file starts servers of its own; one at a time keeps a 2-core machine honest.
    fileParallelism: false,
  },
});
