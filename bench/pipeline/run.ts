// `npm run bench:pipeline` (issue 51 point 7, board and list): seeds DEALS (default 10,000)
// deals, a fifth of them won with their revenue kept by source, on SQLite and on Postgres
// (TEST_POSTGRES_URL; skipped when unset), then times GET /admin/pipeline (the board, with its
// figures) and a filtered list (stage and interest) through the built server with a signed-in
// session: RUNS (default 200) requests each, one at a time, after 20 to warm up. Prints p50 and
// p99 per page and database. Run `npm run build` first. SERVERS (comma-separated build entries,
// build/server.js by default) measures each build against the same seeded database, in turn,
// so two builds meet the same load; CPU_PROF (a folder) writes each server's CPU profile there.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import type { AppLoadContext } from "react-router";
import { sessionCookieHeader } from "../../app/.server/admin/admin-request";
import { createAdminSession } from "../../app/.server/admin/admin-sessions";
import type { AppConfig } from "../../app/.server/core/config";
import type { Db } from "../../app/.server/core/db/database";
import { dealInterests, dealStages } from "../../app/lib/deal-schema";
import { startBuiltServer } from "../../support/built-server";
import { createTestDatabase, type DialectName } from "../../support/test-databases";

const dealCount = Number(process.env.DEALS ?? 10_000);
const runs = Number(process.env.RUNS ?? 200);
const admin = "owner@bench-pipeline.test";
const siteUrl = "http://bench-pipeline.test";
const sources = ["linkedin", "google", "newsletter", null];
const servers = (process.env.SERVERS ?? "build/server.js").split(",");
const profileFlags = process.env.CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROF}`]
  : [];

async function seed(db: Db) {
  const start = Date.parse("2025-01-01T00:00:00Z");
  for (let offset = 0; offset < dealCount; offset += 500) {
    const deals = [];
    const won = [];
    for (let index = offset; index < Math.min(offset + 500, dealCount); index++) {
      const at = new Date(start + index * 600_000).toISOString();
      const stage = dealStages[index % dealStages.length]!;
      const id = randomUUID();
      deals.push({
        id,
        title: `Bench Company ${index} sales team`,
        interest: dealInterests[index % dealInterests.length]!,
        stage,
        lost_reason: stage === "lost" ? "Went with another trainer" : null,
        value_cents: 500_000 + (index % 40) * 100_000,
        team_size: 10 + (index % 30),
        expected_close_on: "2027-03-01",
        next_step: index % 2 === 0 ? "Call about dates" : null,
        next_step_due_on: index % 2 === 0 ? "2027-02-01" : null,
        person_id: null,
        contact_message_id: null,
        stage_changed_at: at,
        created_at: at,
        updated_at: at,
      });
      if (stage === "won")
        won.push({
          id: randomUUID(),
          conversion: "deal_won",
          subject_id: id,
          person_id: null,
          landing_path: "/training",
          referrer_domain: null,
          utm_source: sources[index % sources.length] ?? null,
          utm_medium: null,
          utm_campaign: null,
          conversion_path: "/contact",
          amount_cents: 500_000,
          converted_at: at,
        });
    }
    await db.insertInto("deals").values(deals).execute();
    if (won.length > 0) await db.insertInto("analytics_attributions").values(won).execute();
  }
}

/** The server's CPU time so far (user and system, Linux's clock ticks of 10 ms): unlike wall
 * time, little moved by what else the machine runs. */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Each page's times through one build's server, against the seeded database. */
async function timePages(database: { db: Db; url: string }, script: string, dir: string) {
  const server = await startBuiltServer(
    {
      DATABASE_URL: database.url,
      SITE_URL: siteUrl,
      ADMIN_EMAILS: admin,
      MAIL_DIR: path.join(dir, "mail"),
      LOG_LEVEL: "warn",
    },
    profileFlags,
    script,
  );
  try {
    const config = { SITE_URL: siteUrl, ADMIN_SESSION_MAX_HOURS: 12 } as AppConfig;
    const session = await createAdminSession(database.db, {
      email: admin,
      now: new Date(),
      config,
    });
    const cookie = (await sessionCookieHeader({ config } as AppLoadContext, session.token)).split(
      ";",
    )[0]!;
    const pages = {
      board: "/admin/pipeline",
      list: "/admin/pipeline?stage=qualified&interest=Keynote+Speaking",
    };
    const results: Record<string, { p50: number; p99: number; cpu: number; bytes: number }> = {};
    for (const [name, pathname] of Object.entries(pages)) {
      const times: number[] = [];
      let bytes = 0;
      let cpuBefore = 0;
      for (let run = 0; run < runs + 20; run++) {
        const started = performance.now();
        const response = await fetch(`${server.baseURL}${pathname}`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        const body = await response.text();
        const took = performance.now() - started;
        if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
        if (!body.includes("Pipeline")) throw new Error(`${pathname}: not the pipeline`);
        bytes = body.length;
        if (run === 19) cpuBefore = cpuMs(server.pid);
        if (run >= 20) times.push(took);
      }
      times.sort((a, b) => a - b);
      results[name] = {
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p99: Math.round(percentile(times, 99) * 10) / 10,
        cpu: Math.round(((cpuMs(server.pid) - cpuBefore) / runs) * 10) / 10,
        bytes,
      };
    }
    return results;
  } finally {
    await server.stop();
  }
}

const dialects: DialectName[] = process.env.TEST_POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];
console.log(`${dealCount} deals, ${runs} requests per page, one at a time`);
for (const dialect of dialects) {
  const database = await createTestDatabase(dialect);
  const dir = mkdtempSync(path.join(tmpdir(), "bench-pipeline-"));
  try {
    await seed(database.db);
    for (const script of servers) {
      const load = loadavg()[0]!.toFixed(1);
      const results = await timePages(database, script, dir);
      const label = servers.length > 1 ? ` [${script}]` : "";
      for (const [page, { p50, p99, cpu, bytes }] of Object.entries(results))
        console.log(
          `${dialect}${label} ${page}: p50 ${p50} ms, p99 ${p99} ms, server CPU ${cpu} ms a request (${Math.round(bytes / 1024)} KB; load ${load})`,
        );
    }
  } finally {
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}
