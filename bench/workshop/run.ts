// `npm run bench:workshop` (after `npm run build`): through the built server and the Stripe fake,
// on SQLite and on Postgres (TEST_POSTGRES_URL): (1) holds per second, BENCH_HOLDS registrations
// posted BENCH_CONCURRENCY at a time to a roomy cohort; (2) the time to settle 30 concurrent
// checkouts for a cohort's last 2 seats (from the first post to the last answer), BENCH_RACES
// times. Servers on E2E_PORT+2 (default 4632). Prints figures; asserts nothing.
import { performance } from "node:perf_hooks";
import { startSiteWithStripeFake } from "../../support/site-with-stripe-fake";
import { allDialects } from "../../support/test-databases";
import { postAsNewVisitor } from "../../support/visitor-posts";

const holds = Number(process.env.BENCH_HOLDS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const races = Number(process.env.BENCH_RACES ?? 5);
const port = Number(process.env.E2E_PORT ?? 4630) + 2;
const site = `http://127.0.0.1:${port}`;

function cohort(id: string, seats: number, sold: number) {
  const now = new Date().toISOString();
  return {
    id,
    kind: "Workshop" as const,
    title: "Presence-Based Selling Foundations",
    description: "The 3-day workshop.",
    location: "Boulder, CO",
    venue: null,
    start_date: "2030-06-04",
    end_date: "2030-06-06",
    seats,
    held: 0,
    sold,
    price_cents: 1_449_500,
    deposit_cents: null,
    early_price_cents: null,
    early_deadline: null,
    registration_opens_on: null,
    registration_closes_on: null,
    invite_sequence: 0,
    balance_due_days: 30,
    full_refund_until: null,
    created_at: now,
    updated_at: now,
  };
}

const register = (cohortId: string, n: number) =>
  postAsNewVisitor(
    `${site}/foundations-program`,
    new URLSearchParams({
      intent: "register",
      cohortId,
      name: `Visitor ${n}`,
      email: `visitor-${cohortId}-${n}@example.com`,
      payment: "full",
    }).toString(),
    { "Content-Type": "application/x-www-form-urlencoded" },
  );

for (const dialect of allDialects) {
  const running = await startSiteWithStripeFake(dialect, {
    siteUrl: site,
    env: {
      PORT: String(port),
      WORKSHOP_RATE_LIMIT: "0",
      CHECKOUT_RATE_LIMIT: "0",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
    },
  });
  try {
    const db = running.database.db;
    await db
      .insertInto("workshop_events")
      .values(cohort("roomy", 100_000, 0))
      .execute();
    // Warm-up: the first requests compile the routes.
    for (let n = 0; n < 10; n += 1) await register("roomy", -1 - n);
    let next = 0;
    let opened = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < holds) {
          const answer = await register("roomy", next++);
          if (answer.status === 303) opened += 1;
          await answer.body?.cancel();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${dialect}: ${opened}/${holds} holds in ${seconds.toFixed(2)} s = ${(opened / seconds).toFixed(1)} holds/s (${concurrency} at a time)`,
    );

    const settles: number[] = [];
    for (let race = 0; race < races; race += 1) {
      const id = `last-two-${race}`;
      await db
        .insertInto("workshop_events")
        .values(cohort(id, 10, 8))
        .execute();
      const raceStart = performance.now();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => register(id, n)));
      settles.push(performance.now() - raceStart);
      const won = answers.filter((answer) => answer.status === 303).length;
      await Promise.all(answers.map((answer) => answer.body?.cancel()));
      if (won !== 2) console.log(`${dialect}: race ${race} gave ${won} holds, not 2`);
    }
    settles.sort((a, b) => a - b);
    console.log(
      `${dialect}: 30 concurrent checkouts for the last 2 seats settle in ${settles.map((ms) => ms.toFixed(0)).join(", ")} ms (median ${settles[Math.floor(settles.length / 2)]!.toFixed(0)} ms)`,
    );
  } finally {
    await running.stop();
  }
}
