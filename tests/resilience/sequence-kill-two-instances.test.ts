import { describe, expect, it } from "vitest";
import { systemClock } from "~/.server/core/clock";
import { parseConfig } from "~/.server/core/config";
import { emitPersonEvent } from "~/.server/core/person-events";
import {
  changeSequenceStatus,
  registerSequenceListeners,
  saveSequence,
  saveStep,
} from "~/.server/sequences";
import { seedReaders } from "../../support/broadcast-audience";
import { builtServerLinkSecret } from "../../support/built-server";
import { killedServerRun } from "../../support/killed-server-run";
import { broadcastServerEnv, owner, receiptsByAddress } from "./broadcast-runs";
import { duplicateMessageIds, until } from "./contact-leads";
import { sequenceSettings } from "../../support/sequence-settings";

const readers = 300;
const minimumInFlight = 10;
const subject = "Welcome, and a first practice";

// Issue 38 point 3: two instances on one PostgreSQL send a sequence's step to 300 readers; one is
// killed with SIGKILL mid-send and started again. Nobody gets the step twice; nobody is lost: each
// reader received it, or their email is listed as "may not have gone out" (the outbox's guarantee
// for bulk mail: an email in flight when its sender died is never sent again on its own).
describe("kill -9 of one of two instances sending a sequence's step on postgres", () => {
  const run = killedServerRun("postgres");

  it("sends each reader the step at most once, and leaves none unaccounted for", async () => {
    const { database, sink } = await run.setUp((sink) => {
      sink.holdDataMs = 300;
    });
    const { db } = database;
    const env = {
      ...broadcastServerEnv(database.url, sink.url),
      BROADCAST_RATE_PER_MINUTE: "0",
      SEQUENCE_PASS_INTERVAL_MS: "200",
      SMTP_POOL_CONNECTIONS: "12",
      SMTP_TIMEOUT_MS: "2000",
      // Long enough that the survivor's own sends outlast it even on a loaded machine.
      OUTBOX_LEASE_MS: "10000",
    };
    const deps = {
      db,
      clock: systemClock,
      config: parseConfig({ ...env, NEWSLETTER_LINK_SECRET: builtServerLinkSecret }),
      outbox: { wake: () => {} },
    };
    const saved = await saveSequence(deps, {
      input: sequenceSettings(),
      actor: owner,
    });
    if (saved.outcome !== "saved") throw new Error(JSON.stringify(saved));
    await saveStep(deps, {
      sequenceId: saved.id,
      input: { subject, bodyMarkdown: "Hello reader.", delayDays: "0", position: "" },
      actor: owner,
    });
    expect(
      await changeSequenceStatus(deps, { id: saved.id, change: "activate", actor: owner }),
    ).toBe("changed");
    const addresses = Array.from(
      { length: readers },
      (_, index) => `seq-kill-${String(index).padStart(4, "0")}@readers.test`,
    );
    const people = await seedReaders(
      db,
      addresses.map((email) => ({ email })),
    );
    // Each reader's confirmation, as the audience records it: the sequence starts for them.
    registerSequenceListeners();
    await db.transaction().execute(async (trx) => {
      for (const personId of people)
        await emitPersonEvent(trx, {
          kind: "list-confirmed",
          personId,
          list: "newsletter",
          now: new Date(),
        });
    });

    const first = await run.startServer(env);
    await run.startServer(env);
    const sequenceEmails = (status: string) =>
      db
        .selectFrom("outbox_emails")
        .select(["id", "to_address"])
        .where("broadcast_id", "=", saved.id)
        .where("status", "=", status as "sending")
        .execute();
    await until(
      async () =>
        sink.received.length >= 30 && (await sequenceEmails("sending")).length >= minimumInFlight,
      "the step well under way with emails in flight",
    );
    await run.kill(first);
    // The survivor goes on; what the killed one held is among what was in flight at the kill.
    const inFlightAtKill = new Set((await sequenceEmails("sending")).map((email) => email.id));
    await run.startServer(env);

    const unfinished = async () =>
      (await sequenceEmails("pending")).length + (await sequenceEmails("sending")).length;
    await until(async () => (await unfinished()) === 0, "every email of the step sent or listed");
    const sends = await db
      .selectFrom("sequence_sends")
      .select(["person_id", "step_id"])
      .where("sequence_id", "=", saved.id)
      .execute();
    expect(sends).toHaveLength(readers);
    expect(new Set(sends.map((send) => send.person_id)).size).toBe(readers);

    expect(duplicateMessageIds(sink)).toEqual([]);
    const receipts = receiptsByAddress(sink, subject);
    expect([...receipts].filter(([, count]) => count > 1)).toEqual([]);
    const listed = await sequenceEmails("uncertain");
    // Listed: the killed instance's emails, and any of the survivor's whose lease ran out under
    // load (then another instance lists it too rather than risk sending it twice).
    const listedLater = listed.filter((email) => !inFlightAtKill.has(email.id)).length;
    const listedAddresses = new Set(listed.map((email) => email.to_address));
    expect(
      addresses.filter((address) => !receipts.has(address) && !listedAddresses.has(address)),
    ).toEqual([]);
    expect((await sequenceEmails("sent")).length).toBe(readers - listed.length);
    console.info(
      `postgres: ${inFlightAtKill.size} in flight at the kill, ${listed.length} listed as ` +
        `"may not have gone out" (${listedLater} of them not in flight at the kill), ` +
        `${sink.droppedOnDisconnect} dropped by the sink as their sender died`,
    );
  });
});
