// `npm run bench:equal-time`: does the time of an answer tell a stranger whether an address is
// known? Newsletter signup (/signup), waitlist signup (/buy-now) and the console's sign-in request
// (/admin/sign-in), on the built server over SQLite and over PostgreSQL (BENCH_POSTGRES_URL or
// TEST_POSTGRES_URL; skipped when neither is set). Each of ROUNDS=150 rounds posts once for a known
// address (confirmed on the list; the owner's address for sign-in) and once for a new one, in an
// order that alternates, and keeps the difference new - known. Printed: the median of each side
// and the median difference with its bootstrap 95% interval (2,000 resamples). An interval that
// holds zero says the two cannot be told apart at this many rounds. Posts are GAP_MS=50 apart, as a
// prober's would be: work a server does after an answer is then over before the next post.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase } from "../../app/.server/core/db/database";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { builtServerLinkSecret, startBuiltServer } from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";

const rounds = Number(process.env.ROUNDS ?? 150);
const warmUpRounds = 10;
const gapMs = Number(process.env.GAP_MS ?? 50);
const resamples = 2_000;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const owner = "owner@equal-time.test";

type Form = {
  name: string;
  path: string;
  known: string;
  fields: (email: string) => Record<string, string>;
};

const formToken = builtServerFormToken(builtServerLinkSecret);
const forms: Form[] = [
  {
    name: "newsletter signup",
    path: "/signup",
    known: "reader@equal-time.test",
    fields: (email) => ({ email, formToken }),
  },
  {
    name: "waitlist signup",
    path: "/buy-now",
    known: "waiting@equal-time.test",
    fields: (email) => ({ intent: "waitlist", email, formToken }),
  },
  { name: "sign-in request", path: "/admin/sign-in", known: owner, fields: (email) => ({ email }) },
];

async function timedPost(baseURL: string, pathname: string, fields: Record<string, string>) {
  await new Promise((resolve) => setTimeout(resolve, gapMs));
  const started = performance.now();
  const response = await fetch(`${baseURL}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams(fields),
  });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status >= 400) throw new Error(`${pathname} answered ${response.status}`);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function bootstrapMedianInterval(values: number[]) {
  const medians: number[] = [];
  for (let resample = 0; resample < resamples; resample++) {
    const drawn = values.map(() => values[Math.floor(Math.random() * values.length)]!);
    medians.push(median(drawn));
  }
  medians.sort((a, b) => a - b);
  return [medians[Math.floor(resamples * 0.025)]!, medians[Math.floor(resamples * 0.975)]!];
}

/** The known addresses are confirmed members, as a returning reader's would be. */
async function confirmKnownMembers(url: string) {
  const database = await createDatabase(url);
  await database.db
    .updateTable("list_memberships")
    .set({ status: "confirmed", confirmed_at: new Date().toISOString() })
    .execute();
  await database.destroy();
}

async function measure(database: BenchDatabase) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-equal-time-mail-"));
  const server = await startBuiltServer({
    DATABASE_URL: database.url,
    MAIL_DIR: mailDir,
    SITE_URL: "http://equal-time.test",
    SALES_OPEN: "false",
    ADMIN_EMAILS: owner,
    NEWSLETTER_RATE_LIMIT: "0",
    ADMIN_SIGN_IN_RATE_LIMIT: "0",
    CONTACT_MIN_FILL_SECONDS: "0",
  });
  const rows = [];
  try {
    for (const form of forms) {
      if (form.known !== owner) await timedPost(server.baseURL, form.path, form.fields(form.known));
    }
    await confirmKnownMembers(database.url);
    for (const form of forms) {
      const known: number[] = [];
      const fresh: number[] = [];
      for (let round = -warmUpRounds; round < rounds; round++) {
        const newAddress = `new-${round + warmUpRounds}-${Date.now()}@equal-time.test`;
        const postKnown = () => timedPost(server.baseURL, form.path, form.fields(form.known));
        const postNew = () => timedPost(server.baseURL, form.path, form.fields(newAddress));
        // Alternating which goes first, so a warm cache or a neighbour's burst favours neither.
        const [knownMs, newMs] =
          round % 2 === 0
            ? [await postKnown(), await postNew()]
            : await postNew().then(async (newMs) => [await postKnown(), newMs]);
        if (round < 0) continue;
        known.push(knownMs!);
        fresh.push(newMs!);
      }
      const differences = fresh.map((ms, index) => ms - known[index]!);
      const [low, high] = bootstrapMedianInterval(differences);
      rows.push({
        database: database.name,
        form: form.name,
        "known (median ms)": median(known).toFixed(2),
        "new (median ms)": median(fresh).toFixed(2),
        "new - known (median ms)": median(differences).toFixed(2),
        "95% interval": `[${low!.toFixed(2)}, ${high!.toFixed(2)}]`,
        "tells them apart": low! > 0 || high! < 0 ? "yes" : "no",
      });
    }
  } finally {
    await server.stop();
    await database.cleanup();
    rmSync(mailDir, { recursive: true, force: true });
  }
  return rows;
}

const databases: (() => Promise<BenchDatabase>)[] = [
  async () => sqliteBenchDatabase("bench-equal-time-"),
];
if (postgresUrl) databases.push(() => postgresBenchDatabase(postgresUrl, "bench_equal_time"));
else console.log("PostgreSQL skipped: set BENCH_POSTGRES_URL or TEST_POSTGRES_URL.");

const rows = [];
for (const database of databases) rows.push(...(await measure(await database())));
console.table(rows);
