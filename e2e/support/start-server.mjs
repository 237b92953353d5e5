// Starts the production server for Playwright; the build must exist (npm test builds first).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

if (!existsSync("build/server.js")) {
  console.error("No production build: run `npm run build` before the end-to-end tests.");
  process.exit(1);
}

// The Postgres console server: a fresh schema each run, and no run at all without Postgres.
const schema = process.env.E2E_POSTGRES_SCHEMA;
if (schema) {
  const adminUrl = process.env.E2E_POSTGRES_ADMIN_URL;
  if (!adminUrl) {
    console.error("TEST_POSTGRES_URL is not set: the console specs must also run on PostgreSQL.");
    process.exit(1);
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
}

const child = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
// The runner holds our stdin open: when it ends, however it ended (a signal, a crash), so do we.
process.stdin.on("end", () => child.kill("SIGTERM"));
process.stdin.resume();
child.on("exit", (code) => process.exit(code ?? 0));
