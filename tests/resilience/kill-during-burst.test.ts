import { describe, expect, it } from "vitest";
import { killedServerRun } from "../../support/killed-server-run";
import { allDialects } from "../../support/test-databases";
import {
  contactLead,
  deliveredFor,
  inParallel,
  storedLeadAddresses,
  submitLead,
  until,
} from "./contact-leads";

const burstSize = 60;
const killAfterAcknowledged = 20;

// Postgres is required here: createTestDatabase fails loudly without TEST_POSTGRES_URL.
describe.each(allDialects)("kill -9 during a burst of contact submissions on %s", (dialect) => {
  const run = killedServerRun(dialect);

  it("keeps every acknowledged lead and delivers its emails after a restart", async () => {
    const { database, sink } = await run.setUp();
    const env = {
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      SITE_URL: "http://leads.test",
      OWNER_EMAIL: "owner@leads.test",
      CONTACT_RATE_LIMIT: "0",
      CONTACT_MIN_FILL_SECONDS: "0",
      OUTBOX_RETRY_BASE_MS: "100",
      // Emails the killed instance held are free again once their lease runs out.
      OUTBOX_LEASE_MS: "3000",
      SMTP_TIMEOUT_MS: "1000",
    };
    const first = await run.startServer(env);

    const acknowledged: string[] = [];
    const leads = Array.from({ length: burstSize }, (_, index) =>
      contactLead(index, `kill-${dialect}`),
    );
    let killed = false;
    await inParallel(leads, 6, async (lead) => {
      if (killed) return;
      const status = await submitLead(first.baseURL, lead).catch(() => undefined);
      if (status === 200) acknowledged.push(lead.email);
      else if (!killed) expect.fail(`a submission before the kill answered ${status}`);
      if (!killed && acknowledged.length >= killAfterAcknowledged) {
        killed = true;
        process.kill(first.pid, "SIGKILL");
      }
    });
    expect(await first.stop()).toBeNull(); // died by the signal, not an exit

    await run.startServer(env);

    const stored = await storedLeadAddresses(database.db);
    expect(acknowledged.filter((address) => !stored.has(address))).toEqual([]);
    // A lead and its two emails commit together: no lead without them, no email without a lead.
    const outboxRows = await database.db
      .selectFrom("outbox_emails")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(outboxRows.count)).toBe(2 * stored.size);

    await until(
      () =>
        acknowledged.every((address) => {
          const delivered = deliveredFor(sink, address);
          return delivered.acknowledgements.length > 0 && delivered.notifications.length > 0;
        }),
      "the emails of every acknowledged lead",
    );
  });
});
