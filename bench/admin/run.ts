// `npm run bench:admin`: the console's people list (first page, a filter, a search), the
// streamed people CSV export and the import of a 100,000-row Mailchimp-style CSV, over 100,000
// people and 50,000 messages, on SQLite and on Postgres (BENCH_POSTGRES_URL or TEST_POSTGRES_URL;
// skipped when neither is set). Prints median and p99 per query, and the export's and the
// import's times and peak memory (and an upload with a 15 MB cell, refused). BENCH_PEOPLE scales
// the seed, BENCH_IMPORT_ROWS the file; BENCH_ONLY=import or list measures that alone, and
// BENCH_DATABASE=sqlite or postgres one database alone.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { csvDownload } from "../../app/.server/admin/csv-export";
import { listPeople, type PeopleFilter } from "../../app/.server/audience/people/people-directory";
import {
  peopleExportColumns,
  peopleForExport,
} from "../../app/.server/audience/people/people-export";
import { stageImport } from "../../app/.server/audience/import/people-import";
import { applyImport, previewImport } from "../../app/.server/audience/import/people-import-job";
import { systemClock } from "../../app/.server/core/clock";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { peakResidentMb, resetPeakResident } from "../process-stats";
import { createDatabase, type Db } from "../../app/.server/core/db/database";

const peopleCount = Number(process.env.BENCH_PEOPLE ?? 100_000);
const messageCount = Math.round(peopleCount / 2);
const runs = Number(process.env.BENCH_RUNS ?? 30);
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const importRuns = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;

const firstNames = ["Ada", "Grace", "Alan", "Katherine", "Hedy", "Claude", "Barbara", "Edsger"];
const interests = ["book", "training", "insights"];

async function seed(db: Db) {
  const start = Date.parse("2025-01-01T00:00:00Z");
  const ids: string[] = [];
  for (let offset = 0; offset < peopleCount; offset += 1000) {
    const people = [];
    const subscribers = [];
    for (let index = offset; index < Math.min(offset + 1000, peopleCount); index++) {
      const id = randomUUID();
      ids.push(id);
      const at = new Date(start + index * 300_000).toISOString();
      const email = `person${index}@example.com`;
      people.push({
        id,
        email,
        email_key: email,
        first_name: firstNames[index % firstNames.length]!,
        last_name: `Surname${index}`,
        source: index % 3 === 0 ? "/contact" : "/resources",
        first_seen_at: at,
        last_seen_at: at,
        bounced_at: null,
      });
      if (index % 5 < 2) {
        subscribers.push({
          id: randomUUID(),
          list: "newsletter" as const,
          interests: JSON.stringify([interests[index % 3]]),
          source: "/resources",
          consent_text: "Yes",
          consented_at: at,
          status: index % 5 === 0 ? ("confirmed" as const) : ("pending" as const),
          confirmation_sent_at: at,
          confirmed_at: index % 5 === 0 ? at : null,
          unsubscribed_at: null,
          notified_at: null,
          person_id: id,
          created_at: at,
          updated_at: at,
        });
      }
    }
    await db.insertInto("people").values(people).execute();
    if (subscribers.length > 0)
      await db.insertInto("list_memberships").values(subscribers).execute();
  }
  for (let offset = 0; offset < messageCount; offset += 1000) {
    const messages = [];
    for (let index = offset; index < Math.min(offset + 1000, messageCount); index++) {
      messages.push({
        id: randomUUID(),
        first_name: "Bench",
        last_name: `Surname${index * 2}`,
        email: `person${index * 2}@example.com`,
        company: null,
        interest: "Corporate Training",
        message: "A realistic inquiry of a few sentences about a workshop for a team of 25.",
        person_id: ids[index * 2]!,
        created_at: new Date(start + index * 600_000).toISOString(),
      });
    }
    await db.insertInto("contact_messages").values(messages).execute();
  }
}

/**
 * A Mailchimp export: every tenth row names a seeded person on no list (a merge), a few rows are
 * refused, most record consent with a time and a tag.
 */
function mailchimpExport(rows: number) {
  const lines = ['"Email Address","First Name","Last Name",OPTIN_TIME,CONFIRM_TIME,TAGS'];
  for (let index = 0; index < rows; index++) {
    const email =
      index % 10 === 0 && index + 2 < peopleCount
        ? `person${index + 2}@example.com`
        : index % 500 === 1
          ? `broken-${index}`
          : `imported${index}@example.com`;
    const consent = index % 4 === 3 ? "" : "2024-03-05 10:22:11";
    lines.push(
      `${email},Imported,Person${index},2024-03-05 10:00:00,${consent},"""${interests[index % 3] === "book" ? "Book updates and exclusive content" : "VIP"}"""`,
    );
  }
  return lines.join("\n");
}

/**
 * Runs `task` and reads how far the process's resident memory rose at its peak, from the kernel's
 * high-water mark: a timer sampling `process.memoryUsage()` never fired while SQLite, which runs
 * in this thread, kept it busy. Garbage is collected first (the script runs with --expose-gc), so
 * the rise is the task's, not the seed's leftovers.
 */
async function withPeakMemory(task: () => Promise<unknown>) {
  global.gc?.();
  resetPeakResident(process.pid);
  // The mark starts from what the process holds at the reset, which is the baseline.
  const baseline = peakResidentMb(process.pid);
  const took = await time(task);
  return { took, peakMb: peakResidentMb(process.pid) - baseline };
}

/** An upload as it arrives: the file in 64 KB pieces. */
function* inPieces(bytes: Uint8Array) {
  for (let start = 0; start < bytes.length; start += 65_536) {
    yield bytes.subarray(start, start + 65_536);
  }
}

async function measureImport(db: Db) {
  const bytes = new TextEncoder().encode(mailchimpExport(importRows));
  // The erased-address key reads this one setting; the bench needs no secret of its own.
  const deps = {
    db,
    clock: systemClock,
    config: { NEWSLETTER_LINK_SECRET: "development-newsletter-link-secret" },
  };
  const previews: number[] = [];
  const imports: number[] = [];
  for (let run = 0; run < importRuns; run++) {
    let id = "";
    const stage = await withPeakMemory(async () => {
      const staged = await stageImport(deps, {
        actor: "bench@example.com",
        fileName: "bench.csv",
        chunks: inPieces(bytes),
      });
      if ("error" in staged) throw new Error(staged.error);
      id = staged.id;
    });
    const preview = await withPeakMemory(() => previewImport(deps, id));
    const applied = await withPeakMemory(() =>
      applyImport(deps, { id, actor: "bench@example.com" }),
    );
    previews.push(preview.took);
    imports.push(applied.took);
    console.log(
      `  import of ${importRows} rows (${(bytes.length / 1e6).toFixed(1)} MB), run ${run + 1}: upload ${(stage.took / 1000).toFixed(2)} s (peak RSS +${stage.peakMb.toFixed(0)} MB), preview ${(preview.took / 1000).toFixed(2)} s (peak RSS +${preview.peakMb.toFixed(0)} MB), import ${(applied.took / 1000).toFixed(2)} s (peak RSS +${applied.peakMb.toFixed(0)} MB)`,
    );
    // Back to the seeded state, so every run imports the same file into the same database.
    await db.deleteFrom("list_memberships").where("source", "=", "import").execute();
    await db.deleteFrom("people").where("source", "=", "import").execute();
  }
  console.log(`  import preview: ${summary(previews)}; import: ${summary(imports)}`);
  // Twice the rows and one cell of 15 MB: refused while it streams in, memory bounded.
  const rows = mailchimpExport(2 * importRows).split("\n");
  rows[rows.length >> 1] += `,"${"x".repeat(15 * 1024 * 1024)}"`;
  const hostile = new TextEncoder().encode(rows.join("\n"));
  let outcome = "";
  const refused = await withPeakMemory(async () => {
    const staged = await stageImport(deps, {
      actor: "bench@example.com",
      fileName: "hostile.csv",
      chunks: inPieces(hostile),
    });
    outcome = "error" in staged ? `refused: ${staged.error}` : "staged (not refused)";
  });
  console.log(
    `  upload of ${2 * importRows} rows with a 15 MB cell (${(hostile.length / 1e6).toFixed(1)} MB): ${(refused.took / 1000).toFixed(2)} s, peak RSS +${refused.peakMb.toFixed(0)} MB, ${outcome}`,
  );
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms`;
}

async function time(task: () => Promise<unknown>) {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

/** BENCH_ONLY=import measures the import alone, BENCH_ONLY=list the people list alone. */
const only = process.env.BENCH_ONLY;

async function measure(target: BenchDatabase) {
  const database = await createDatabase(target.url);
  try {
    if (only === "import") {
      await seed(database.db);
      await measureImport(database.db);
      return;
    }
    const seeded = await time(() => seed(database.db));
    console.log(
      `${target.name}: seeded ${peopleCount} people, ${messageCount} messages in ${(seeded / 1000).toFixed(1)} s`,
    );
    // As autovacuum leaves the tables on a running site: statistics, and the visibility map
    // that lets Postgres answer from an index alone.
    if (target.name === "PostgreSQL")
      for (const table of ["people", "list_memberships", "contact_messages"])
        await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(database.db);
    const queries: [string, PeopleFilter][] = [
      ["first page", { page: 1 }],
      [
        "filter (newsletter confirmed, interest book)",
        { membership: "newsletter:confirmed", interest: "book", page: 1 },
      ],
      ["filter (interest training)", { interest: "training", page: 1 }],
      ["filter (source /contact, page 600)", { source: "/contact", page: 600 }],
      ["filter (first seen in March 2025)", { from: "2025-03-01", to: "2025-03-31", page: 1 }],
      ["search 'surname4242'", { search: "surname4242", page: 1 }],
      ["search 'ada' (12,500 match)", { search: "ada", page: 1 }],
      ["search '42' (shorter than a trigram)", { search: "42", page: 1 }],
      ["search 'ad' (12,500 names start with it)", { search: "ad", page: 1 }],
      ["search '%_' (literal, no match)", { search: "%_", page: 1 }],
      ["page 1000 of the list", { page: 1000 }],
    ];
    for (const [label, filter] of queries) {
      await listPeople(database.db, filter);
      const samples = [];
      const cpu = [];
      for (let run = 0; run < runs; run++) {
        const cpuBefore = process.cpuUsage();
        samples.push(await time(() => listPeople(database.db, filter)));
        const { user, system } = process.cpuUsage(cpuBefore);
        cpu.push((user + system) / 1000);
      }
      // SQLite runs in this process, so its CPU time (which load inflates far less) is counted.
      const cpuNote = target.name === "SQLite" ? `; CPU ${summary(cpu)}` : "";
      console.log(`  people list, ${label}: ${summary(samples)}${cpuNote}`);
    }
    if (only === "list") return;
    for (let run = 0; run < 3; run++) {
      let bytes = 0;
      const { took, peakMb } = await withPeakMemory(async () => {
        const response = csvDownload(
          "people.csv",
          peopleExportColumns,
          peopleForExport(database.db, {}),
        );
        for await (const chunk of response.body!) bytes += chunk.length;
      });
      console.log(
        `  people CSV export, all ${peopleCount}: ${(took / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB, peak RSS +${peakMb.toFixed(1)} MB`,
      );
    }
    await measureImport(database.db);
  } finally {
    await database.destroy();
    await target.cleanup();
  }
}

const database = process.env.BENCH_DATABASE;
if (database !== "postgres") await measure(sqliteBenchDatabase("bench-admin-"));
if (database === "sqlite") console.log("PostgreSQL: skipped (BENCH_DATABASE=sqlite)");
else if (postgresUrl) await measure(await postgresBenchDatabase(postgresUrl, "bench_admin"));
else console.log("PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_POSTGRES_URL)");
