import { describe, expect, it } from "vitest";
import { broadcastReport } from "~/.server/broadcasts/broadcast-report";
import { resendUncertain } from "~/.server/broadcasts/broadcast-sending";
import { killedServerRun } from "../../support/killed-server-run";
import { allDialects } from "../../support/test-databases";
import {
  broadcastServerEnv,
  owner,
  receiptsByAddress,
  sendBroadcastToReaders,
} from "./broadcast-runs";
import { duplicateMessageIds, until } from "./contact-leads";

const recipients = 300;
const minimumInFlight = 10;

// Issue 21 point 2: a broadcast email in flight when the process dies is never sent again on its
// own; it is listed as "may not have gone out" and goes once on the owner's word.
describe.each(allDialects)("kill -9 with broadcast emails in flight on %s", (dialect) => {
  const run = killedServerRun(dialect);

  it("sends nobody twice, lists exactly the emails in flight, and sends those once when asked", async () => {
    // Each message waits 300 ms for its reply and counts only if its sender is still there.
    const { database, sink } = await run.setUp((sink) => {
      sink.holdDataMs = 300;
    });
    const { db } = database;
    const env = {
      ...broadcastServerEnv(database.url, sink.url),
      BROADCAST_RATE_PER_MINUTE: "0",
      // Twelve connections, so 12 to 24 emails are in a worker's hands at any moment.
      SMTP_POOL_CONNECTIONS: "12",
      SMTP_TIMEOUT_MS: "2000",
      OUTBOX_LEASE_MS: "3000",
    };
    const first = await run.startServer(env);
    const { id, addresses, deps } = await sendBroadcastToReaders(db, env, {
      count: recipients,
      tag: `kill-${dialect}`,
    });
    const subject = `The kill-${dialect} letter`;
    const sendingIds = async () =>
      (
        await db
          .selectFrom("outbox_emails")
          .select("id")
          .where("broadcast_id", "=", id)
          .where("status", "=", "sending")
          .execute()
      ).map((row) => row.id);

    await until(
      async () => sink.received.length >= 30 && (await sendingIds()).length >= minimumInFlight,
      "a broadcast well under way with emails in flight",
    );
    await run.kill(first);
    // Nobody writes now: what the database says is in flight is what the process held.
    const inFlight = await sendingIds();
    expect(inFlight.length).toBeGreaterThanOrEqual(minimumInFlight);

    await run.startServer(env);
    await until(
      async () =>
        (await db.selectFrom("broadcasts").select("status").where("id", "=", id).executeTakeFirst())
          ?.status === "sent",
      "the broadcast to finish after the restart",
    );
    const report = await broadcastReport(db, id);
    expect(report.uncertain).toBe(inFlight.length);
    const listed = await db
      .selectFrom("outbox_emails")
      .select(["id", "to_address"])
      .where("broadcast_id", "=", id)
      .where("status", "=", "uncertain")
      .execute();
    expect(listed.map((row) => row.id).sort()).toEqual([...inFlight].sort());
    expect(report).toMatchObject({ sent: recipients - inFlight.length, failed: 0, pending: 0 });

    expect(duplicateMessageIds(sink)).toEqual([]);
    const before = receiptsByAddress(sink, subject);
    const listedAddresses = new Set(listed.map((row) => row.to_address));
    expect([...before.values()].filter((count) => count > 1)).toEqual([]);
    // Everyone got it once, but those listed, who may or may not have.
    expect(
      addresses.filter((address) => !before.has(address) && !listedAddresses.has(address)),
    ).toEqual([]);
    const missingListed = [...listedAddresses].filter((address) => !before.has(address));
    console.info(
      `${dialect}: ${inFlight.length} in flight at the kill, ${missingListed.length} of them had not arrived, ` +
        `${sink.droppedOnDisconnect} dropped by the sink as their sender died`,
    );

    // The owner sends them from the report: each listed address gets it once more, nothing else.
    expect(await resendUncertain(deps, { id, actor: owner })).toBe(inFlight.length);
    await until(async () => {
      const now = await broadcastReport(db, id);
      return now.uncertain === 0 && now.sent === recipients;
    }, "the listed emails to be sent");
    await until(
      () =>
        sink.received.filter((email) => email.parsed.subject === subject).length >=
        before.size + listedAddresses.size,
      "the listed emails at the sink",
    );
    const after = receiptsByAddress(sink, subject);
    for (const address of addresses) {
      const added = (after.get(address) ?? 0) - (before.get(address) ?? 0);
      expect({ address, added }).toEqual({ address, added: listedAddresses.has(address) ? 1 : 0 });
    }
    // A listed email that had in fact arrived (its 250 came, its UPDATE did not) arrives twice
    // now: the risk the owner takes with the button, which is why it is not taken on their behalf.
    const audit = await db
      .selectFrom("admin_audit_log")
      .select("action")
      .where("subject", "=", id)
      .where("action", "=", "broadcast.resend-uncertain")
      .execute();
    expect(audit).toHaveLength(1);
  });
});
