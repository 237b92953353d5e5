// Starts the production server for Playwright; the build must exist (npm test builds first).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/server.js")) {
  console.error("No production build: run `npm run build` before the end-to-end tests.");
  process.exit(1);
}
const child = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
