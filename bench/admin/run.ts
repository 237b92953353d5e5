// `npm run bench:admin`: the console's people list (first page, a filter, a search) and the
// streamed people CSV export over 100,000 people and 50,000 messages, on SQLite and on Postgres
// (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is set). Prints median and p99
// per query and the export's time and peak memory. BENCH_PEOPLE scales the seed.
import { randomUUID } from "node:crypto";
import { csvDownload } from "../../app/.server/admin/csv-export";
import {
  listPeople,
  peopleForExport,
  type PeopleFilter,
} from "../../app/.server/audience/people-directory";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { createDatabase, type Db } from "../../app/.server/db/database";

const peopleCount = Number(process.env.BENCH_PEOPLE ?? 100_000);
const messageCount = Math.round(peopleCount / 2);
const runs = Number(process.env.BENCH_RUNS ?? 30);
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

async function measure(target: BenchDatabase) {
  const database = await createDatabase(target.url);
  try {
    const seeded = await time(() => seed(database.db));
    console.log(
      `${target.name}: seeded ${peopleCount} people, ${messageCount} messages in ${(seeded / 1000).toFixed(1)} s`,
    );
    const queries: [string, PeopleFilter][] = [
      ["first page", { page: 1 }],
      [
        "filter (newsletter confirmed, interest book)",
        { membership: "newsletter:confirmed", interest: "book", page: 1 },
      ],
      ["search 'surname4242'", { search: "surname4242", page: 1 }],
      ["page 1000 of the list", { page: 1000 }],
    ];
    for (const [label, filter] of queries) {
      await listPeople(database.db, filter);
      const samples = [];
      for (let run = 0; run < runs; run++)
        samples.push(await time(() => listPeople(database.db, filter)));
      console.log(`  people list, ${label}: ${summary(samples)}`);
    }
    for (let run = 0; run < 3; run++) {
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      let bytes = 0;
      const took = await time(async () => {
        const response = csvDownload(
          "people.csv",
          ["email", "first_name", "newsletter"],
          peopleForExport(database.db, {}),
        );
        for await (const chunk of response.body!) bytes += chunk.length;
      });
      clearInterval(sampler);
      console.log(
        `  people CSV export, all ${peopleCount}: ${(took / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB, peak RSS +${((peak - baseline) / 1e6).toFixed(1)} MB`,
      );
    }
  } finally {
    await database.destroy();
    await target.cleanup();
  }
}

await measure(sqliteBenchDatabase("bench-admin-"));
if (postgresUrl) await measure(await postgresBenchDatabase(postgresUrl, "bench_admin"));
else console.log("PostgreSQL: skipped (set BENCH_POSTGRES_URL or TEST_POSTGRES_URL)");
