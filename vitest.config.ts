import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // The resilience suite has its own config (vitest.resilience.config.ts).
    exclude: ["tests/resilience/**", "**/node_modules/**"],
    environment: "node",
    setupFiles: ["./tests/setup/vitest-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Integration suites share one Postgres database; files run one after another.
    fileParallelism: false,
  },
});
