// Start-to-healthy time and idle memory of the production server (`npm run bench:start`).
// Runs the built server RUNS times (default 5) on a fresh SQLite file; prints the median time from
// spawn to the first healthy /healthz answer, the resident memory 3 s after that, and the resident
// memory once idle (IDLE_SECONDS, default 15): V8 gives back the heap it grew while starting only
// when its memory reducer runs, about 8-12 s into a quiet spell.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../support/built-server";

const runs = Number(process.env.RUNS ?? 5);
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 15);
const command = (process.env.SERVER_COMMAND ?? "node build/server.js").split(" ");

function residentMegabytes(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

async function once() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-start-"));
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
    },
    stdio: "ignore",
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  const healthyAt = performance.now();
  const healthyMs = healthyAt - started;
  const secondsAfterHealthy = (seconds: number) =>
    new Promise((resolve) => setTimeout(resolve, healthyAt + seconds * 1000 - performance.now()));
  await secondsAfterHealthy(3);
  const rssSoon = residentMegabytes(child.pid!);
  await secondsAfterHealthy(idleSeconds);
  const rssIdle = residentMegabytes(child.pid!);
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  return { healthyMs, rssSoon, rssIdle };
}

const results = [];
for (let run = 0; run < runs; run++) results.push(await once());
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`command: ${command.join(" ")}`);
console.log(`start to healthy: median ${median(results.map((r) => r.healthyMs)).toFixed(0)} ms`);
console.log(
  `resident memory 3 s after healthy: median ${median(results.map((r) => r.rssSoon)).toFixed(0)} MB`,
);
console.log(
  `idle resident memory (${idleSeconds} s after healthy): median ${median(results.map((r) => r.rssIdle)).toFixed(0)} MB`,
);
