// `npm run bench:equal-time`: does the time of an answer tell a stranger whether an address is
// known? Newsletter signup (/signup), waitlist signup (/buy-now), a contact message (/contact) and
// the console's sign-in request (/admin/sign-in), on the built server over SQLite and over
// PostgreSQL (BENCH_POSTGRES_URL or TEST_POSTGRES_URL; skipped when neither is set). Each of
// ROUNDS=200 rounds times three posts in a shuffled order: a known address (a confirmed member
// seen for the first time by that form this run, one per round; the owner's address for
// sign-in), a new one, and a second new one as a control. A spacer (a member, or a stranger for
// sign-in) is posted before and after each, so every timed post comes after the same light work,
// and the spacer after it shows what it left for the next request. Then ROUNDS alternated pairs
// as a prober without spacers posts them: known, new, known, new, each right after the other's
// answer, so whatever one leaves running falls on the other. Printed per database as it ends: the
// median of each side; the median of new - known with its bootstrap 95% interval (2,000
// resamples); the same for new - new, two addresses of one kind where there is nothing to find,
// which shows how far noise alone moves the figure; the next request's new - known; the
// alternated pairs' medians and new - known; and the load average before and after the run.
// Posts are GAP_MS=50 apart, as a prober's would be. The client and the server run on cores of
// their own (`pinApart`; Postgres is left to the scheduler). REPEATS=n runs it all n times;
// OUTBOX_WORKER=thread or none measures the server with that setting; FORMS=/signup,/contact
// times only those; BUILD=dir/server.js measures another build (a copy beside node_modules).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createDatabase } from "../../app/.server/core/db/database";
import { postgresBenchDatabase, sqliteBenchDatabase, type BenchDatabase } from "../bench-databases";
import { builtServerLinkSecret, startBuiltServer } from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";

const rounds = Number(process.env.ROUNDS ?? 200);
const warmUpRounds = 10;
const gapMs = Number(process.env.GAP_MS ?? 50);
const resamples = 2_000;
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
const owner = "owner@equal-time.test";
/** Posted before and after every timed post: a confirmed member of the lists, a stranger to sign-in. */
const spacer = "spacer@equal-time.test";
const sides = ["known", "fresh", "control"] as const;
type Side = (typeof sides)[number];

type Form = {
  name: string;
  path: string;
  /** The known address of a round: a member of its own for the lists, the owner for sign-in. */
  known: (round: number) => string;
  fields: (email: string) => Record<string, string>;
};

const formToken = builtServerFormToken(builtServerLinkSecret);
const allForms: Form[] = [
  {
    name: "newsletter signup",
    path: "/signup",
    known: (round) => `reader-${round}@equal-time.test`,
    fields: (email) => ({ email, formToken }),
  },
  {
    name: "waitlist signup",
    path: "/buy-now",
    known: (round) => `waiting-${round}@equal-time.test`,
    fields: (email) => ({ intent: "waitlist", email, formToken }),
  },
  {
    name: "contact message",
    path: "/contact",
    // The newsletter's members: people the site already knows, each writing once.
    known: (round) => `reader-${round}@equal-time.test`,
    fields: (email) => ({
      firstName: "Equal",
      lastName: "Time",
      email,
      message: "A question about the foundations program.",
      formToken,
    }),
  },
  {
    name: "sign-in request",
    path: "/admin/sign-in",
    known: () => owner,
    fields: (email) => ({ email }),
  },
];

const chosen = process.env.FORMS?.split(",");
const forms = allForms.filter((form) => !chosen || chosen.includes(form.path));

async function timedPost(
  baseURL: string,
  pathname: string,
  fields: Record<string, string>,
  gap = gapMs,
) {
  await new Promise((resolve) => setTimeout(resolve, gap));
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

function shuffled<T>(items: readonly T[]) {
  const order = [...items];
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [order[index], order[other]] = [order[other]!, order[index]!];
  }
  return order;
}

/** Each list's known addresses sign up once, are settled and sent to, then confirmed. */
async function seedKnownMembers(baseURL: string, url: string) {
  const lists = allForms.filter((form) => form.path === "/signup" || form.path === "/buy-now");
  for (const form of lists) {
    const members = [spacer];
    for (let round = 0; round < warmUpRounds + rounds; round++) members.push(form.known(round));
    for (const email of members) await timedPost(baseURL, form.path, form.fields(email), 0);
  }
  const database = await createDatabase(url);
  const settledBy = Date.now() + 60_000;
  for (;;) {
    const { waiting } = await database.db
      .selectFrom("signup_requests")
      .select((eb) => eb.fn.countAll<number>().as("waiting"))
      .executeTakeFirstOrThrow();
    const { unsent } = await database.db
      .selectFrom("outbox_emails")
      .select((eb) => eb.fn.countAll<number>().as("unsent"))
      .where("status", "!=", "sent")
      .executeTakeFirstOrThrow();
    const sent = Number(unsent) === 0 || process.env.OUTBOX_WORKER === "none";
    if (Number(waiting) === 0 && sent) break;
    if (Date.now() > settledBy) throw new Error("the known members' signups did not settle");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await database.db
    .updateTable("list_memberships")
    .set({ status: "confirmed", confirmed_at: new Date().toISOString() })
    .execute();
  await database.destroy();
}

/**
 * A prober times answers from a machine of their own, so the client here gets a core of its own:
 * sharing them, the server's work after an answer (the rows, an email rendered and sent) slowed
 * the client still reading that answer, and the bench timed that contention (up to 1 ms on two
 * cores). Linux with `taskset` and two cores or more; PIN=false leaves it to the scheduler.
 */
function pinApart(serverPid: number) {
  // Every core of the machine: once pinned, this process is offered one alone.
  const cores = cpus().length;
  if (process.env.PIN === "false" || process.platform !== "linux" || cores < 2) return "not pinned";
  try {
    execFileSync("taskset", ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
    const rest = cores === 2 ? "1" : `1-${cores - 1}`;
    execFileSync("taskset", ["-a", "-p", "-c", rest, String(serverPid)], { stdio: "ignore" });
    return `client on core 0, server on core ${rest}`;
  } catch {
    return "not pinned (no taskset)";
  }
}

/** The median of `a - b`, round by round, its interval, and "apart" when that leaves out zero. */
function difference(a: number[], b: number[]) {
  const differences = a.map((ms, index) => ms - b[index]!);
  const [low, high] = bootstrapMedianInterval(differences);
  const apart = low! > 0 || high! < 0 ? " apart" : "";
  return `${median(differences).toFixed(2)} [${low!.toFixed(2)}, ${high!.toFixed(2)}]${apart}`;
}

async function measure(database: BenchDatabase, repeat: number) {
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-equal-time-mail-"));
  const server = await startBuiltServer(
    {
      DATABASE_URL: database.url,
      MAIL_DIR: mailDir,
      SITE_URL: "http://equal-time.test",
      SALES_OPEN: "false",
      ADMIN_EMAILS: owner,
      NEWSLETTER_RATE_LIMIT: "0",
      CONTACT_RATE_LIMIT: "0",
      ADMIN_SIGN_IN_RATE_LIMIT: "0",
      CONTACT_MIN_FILL_SECONDS: "0",
      // The production default: the tests' 100 ms poll would put the sender's rounds among the posts.
      OUTBOX_POLL_INTERVAL_MS: "5000",
      ...(process.env.OUTBOX_WORKER ? { OUTBOX_WORKER: process.env.OUTBOX_WORKER } : {}),
    },
    [],
    process.env.BUILD,
  );
  console.log(`${database.name}: ${pinApart(server.pid)}`);
  const rows = [];
  try {
    await seedKnownMembers(server.baseURL, database.url);
    for (const form of forms) {
      const timed = { known: [], fresh: [], control: [] } as Record<Side, number[]>;
      const next = { known: [], fresh: [], control: [] } as Record<Side, number[]>;
      const postSpacer = () => timedPost(server.baseURL, form.path, form.fields(spacer));
      for (let round = 0; round < warmUpRounds + rounds; round++) {
        const tag = `${repeat}-${round}-${Date.now()}`;
        const addresses: Record<Side, string> = {
          known: form.known(round),
          fresh: `new-${tag}@equal-time.test`,
          control: `control-${tag}@equal-time.test`,
        };
        // Every timed post comes after a spacer's, so none pays more for what the post before it
        // left running; the spacer after each is timed too: what that post cost the next request.
        await postSpacer();
        for (const side of shuffled(sides)) {
          const took = await timedPost(server.baseURL, form.path, form.fields(addresses[side]));
          const tookNext = await postSpacer();
          if (round < warmUpRounds) continue;
          timed[side].push(took);
          next[side].push(tookNext);
        }
      }
      // The alternated pairs (see the top).
      const alternated = { known: [] as number[], fresh: [] as number[] };
      for (let pair = 0; pair < warmUpRounds + rounds; pair++) {
        const known = await timedPost(server.baseURL, form.path, form.fields(form.known(pair)));
        const fresh = await timedPost(
          server.baseURL,
          form.path,
          form.fields(`alternate-${repeat}-${pair}-${Date.now()}@equal-time.test`),
        );
        if (pair < warmUpRounds) continue;
        alternated.known.push(known);
        alternated.fresh.push(fresh);
      }
      rows.push({
        database: database.name,
        form: form.name,
        "known (median ms)": median(timed.known).toFixed(2),
        "new (median ms)": median(timed.fresh).toFixed(2),
        "new - known": difference(timed.fresh, timed.known),
        "control: new - new": difference(timed.control, timed.fresh),
        "next request: after new - after known": difference(next.fresh, next.known),
        "alternated: known / new (median ms)": `${median(alternated.known).toFixed(2)} / ${median(alternated.fresh).toFixed(2)}`,
        "alternated: new - known": difference(alternated.fresh, alternated.known),
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

const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(" ");
console.log(`load average (1, 5, 15 min) before: ${load()}`);
const repeats = Number(process.env.REPEATS ?? 1);
const rows = [];
for (let repeat = 0; repeat < repeats; repeat++) {
  for (const database of databases) {
    const measured = await measure(await database(), repeat);
    // Each database's figures as soon as they are in: a long run under load can still be read.
    console.table(measured);
    rows.push(...measured);
  }
}
console.table(rows);
console.log(`load average (1, 5, 15 min) after: ${load()}`);
