import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { PersonEvent } from "../core/person-events";
import type { SequenceRestart, SequenceTrigger } from "~/lib/sequence-schema";

type Trx = Kysely<Database>;

/** How deep "joined another sequence" may chain within one event (saving refuses loops too). */
const maxChain = 5;

/**
 * What the sequences do with a person's event, in the transaction that records it: a confirmed
 * list, a chosen interest, a guide downloaded, a purchase, a booking or a workshop registration starts the sequences
 * it triggers; an unsubscribe, a bounce or an erasure stops theirs at once, with every email of
 * theirs not yet sent; a purchase, a booking or a registration is also an exit.
 */
export async function onPersonEventForSequences(trx: Trx, event: PersonEvent) {
  switch (event.kind) {
    case "list-confirmed":
      await startSequences(trx, {
        personId: event.personId,
        trigger: event.list === "waitlist" ? "waitlist_joined" : "newsletter_confirmed",
        now: event.now,
      });
      return;
    case "list-left":
      await endEnrollments(trx, {
        personId: event.personId,
        onlyList: event.list,
        status: "cancelled",
        reason: "unsubscribed",
        now: event.now,
      });
      return;
    case "bounced": {
      const person = await trx
        .selectFrom("people")
        .select("id")
        .where("email_key", "=", event.emailKey)
        .executeTakeFirst();
      if (person)
        await endEnrollments(trx, {
          personId: person.id,
          status: "cancelled",
          reason: "bounced",
          now: event.now,
        });
      return;
    }
    case "erased":
      await eraseSequenceRecords(trx, event.personId);
      return;
    case "order-paid":
      if (event.productIds.length > 0)
        await endEnrollments(trx, {
          personId: event.personId,
          status: "exited",
          reason: "bought",
          exitProducts: event.productIds,
          now: event.now,
        });
      if (event.productIds.includes("pdf"))
        await startSequences(trx, {
          personId: event.personId,
          trigger: "book_bought",
          now: event.now,
        });
      return;
    case "session-booked":
      await exitThenStart(trx, event, { reason: "booked", exitOnBooking: true }, "session_booked");
      return;
    case "interests-chosen":
      for (const interest of event.interests)
        await startSequences(trx, {
          personId: event.personId,
          trigger: "interest_chosen",
          detail: interest,
          now: event.now,
        });
      return;
    case "guide-downloaded":
      await startSequences(trx, {
        personId: event.personId,
        trigger: "guide_downloaded",
        detail: event.guide,
        now: event.now,
      });
      return;
    case "workshop-registered":
      await exitThenStart(
        trx,
        event,
        { reason: "registered", exitOnRegistration: true },
        "workshop_registered",
        event.cohortId,
      );
      return;
  }
}

/** A step that is an exit from the sequences that end on it, then a trigger of those it starts. */
async function exitThenStart(
  trx: Trx,
  event: { personId: string; now: Date },
  exit: { reason: string; exitOnBooking?: true; exitOnRegistration?: true },
  trigger: SequenceTrigger,
  detail?: string,
) {
  const { personId, now } = event;
  await endEnrollments(trx, { personId, status: "exited", now, ...exit });
  await startSequences(trx, { personId, trigger, detail, now });
}

/** Whether the person is a confirmed member of `list` and their address is not bounced. */
export async function hasConsent(trx: Trx, personId: string, list: string) {
  const row = await trx
    .selectFrom("list_memberships as member")
    .innerJoin("people", "people.id", "member.person_id")
    .select("member.id")
    .where("member.person_id", "=", personId)
    .where("member.list", "=", list as "newsletter")
    .where("member.status", "=", "confirmed")
    .where("people.bounced_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

async function startSequences(
  trx: Trx,
  {
    personId,
    trigger,
    detail,
    now,
    depth = 0,
  }: { personId: string; trigger: SequenceTrigger; detail?: string; now: Date; depth?: number },
) {
  if (depth > maxChain) return;
  const sequences = await trx
    .selectFrom("sequences")
    .select(["id", "list", "restart", "status"])
    .where("trigger", "=", trigger)
    .where("status", "in", ["active", "paused"])
    // A detail narrows the trigger (that interest, that sequence); none set means any.
    .$if(detail !== undefined, (query) =>
      query.where((eb) =>
        eb.or([eb("trigger_detail", "=", detail!), eb("trigger_detail", "is", null)]),
      ),
    )
    .execute();
  for (const sequence of sequences) {
    const started = await enroll(trx, { sequence, personId, now });
    if (!started) continue;
    // Joining this sequence ends those that exit on it, and starts those it triggers.
    await endEnrollments(trx, {
      personId,
      status: "exited",
      reason: "joined another sequence",
      exitOnSequenceId: sequence.id,
      now,
    });
    await startSequences(trx, {
      personId,
      trigger: "sequence_joined",
      detail: sequence.id,
      now,
      depth: depth + 1,
    });
  }
}

/**
 * Starts one person on one sequence, unless they are not on its list or are already in it. For
 * someone who was in it before, the sequence's restart choice decides: `resume` starts a run
 * after the last step they had (nothing if they had every one), `start_over` from the first step,
 * `none` not at all. Resolves whether they were started.
 */
export async function enroll(
  trx: Trx,
  {
    sequence,
    personId,
    now,
  }: {
    sequence: { id: string; list: string; restart: SequenceRestart; status: string };
    personId: string;
    now: Date;
  },
): Promise<boolean> {
  if (!(await hasConsent(trx, personId, sequence.list))) return false;
  const earlier = await trx
    .selectFrom("sequence_enrollments")
    .select(["status", "last_position", "last_step_id"])
    .where("person_id", "=", personId)
    .where("sequence_id", "=", sequence.id)
    .orderBy("started_at", "desc")
    .execute();
  // A run set aside for the owner's word is still in progress.
  if (earlier.some((row) => row.status === "active" || row.status === "uncertain")) return false;
  const latest = earlier[0];
  if (latest && sequence.restart === "none") return false;
  if (latest && sequence.restart === "resume" && latest.status === "finished") return false;
  const resumed = latest && sequence.restart === "resume" ? latest : undefined;
  const nowIso = now.toISOString();
  await trx
    .insertInto("sequence_enrollments")
    .values({
      id: randomUUID(),
      sequence_id: sequence.id,
      person_id: personId,
      status: "active",
      // Resumed, the next step is the first after the last one they had, its delay from now.
      last_position: resumed?.last_position ?? -1,
      last_step_id: resumed?.last_step_id ?? null,
      last_done_at: nowIso,
      // The pass works out the first step's time from the steps as they are then; a paused
      // sequence's readers wait outside the due index until it resumes.
      next_due_at: sequence.status === "active" ? nowIso : null,
      ended_reason: null,
      started_at: nowIso,
      updated_at: nowIso,
    })
    // Two triggers at once: the partial unique index keeps one run in progress.
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return true;
}

/**
 * Ends a person's runs in progress (all of them, or those the filters name) and cancels their
 * emails not yet sent, in the caller's transaction.
 */
export async function endEnrollments(
  trx: Trx,
  filter: {
    personId: string;
    status: "cancelled" | "exited";
    reason: string;
    now: Date;
    onlyList?: string;
    exitProducts?: string[];
    exitOnBooking?: boolean;
    exitOnRegistration?: boolean;
    exitOnSequenceId?: string;
    /** Only the run of this sequence (the reader left it alone). */
    onlySequenceId?: string;
  },
) {
  const nowIso = filter.now.toISOString();
  const ended = await trx
    .updateTable("sequence_enrollments")
    .set({
      status: filter.status,
      ended_reason: filter.reason,
      next_due_at: null,
      updated_at: nowIso,
    })
    .where("person_id", "=", filter.personId)
    .where("status", "in", ["active", "uncertain"])
    .$if(filter.onlySequenceId !== undefined, (query) =>
      query.where("sequence_id", "=", filter.onlySequenceId!),
    )
    .$if(
      filter.onlyList !== undefined ||
        filter.exitProducts !== undefined ||
        filter.exitOnBooking !== undefined ||
        filter.exitOnRegistration !== undefined ||
        filter.exitOnSequenceId !== undefined,
      (query) =>
        query.where("sequence_id", "in", (eb) =>
          eb
            .selectFrom("sequences")
            .select("id")
            .$if(filter.onlyList !== undefined, (q) =>
              q.where("list", "=", filter.onlyList as "newsletter"),
            )
            .$if(filter.exitProducts !== undefined, (q) =>
              q.where("exit_product", "in", filter.exitProducts!),
            )
            .$if(filter.exitOnBooking === true, (q) => q.where("exit_on_booking", "=", 1))
            .$if(filter.exitOnRegistration === true, (q) => q.where("exit_on_registration", "=", 1))
            .$if(filter.exitOnSequenceId !== undefined, (q) =>
              q.where("exit_on_sequence_id", "=", filter.exitOnSequenceId!),
            ),
        ),
    )
    .returning("id")
    .execute();
  if (ended.length === 0) return 0;
  await trx
    .updateTable("outbox_emails")
    .set({ status: "cancelled", last_error: `Sequence ended: ${filter.reason}` })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("sequence_sends")
        .select("id")
        .where(
          "enrollment_id",
          "in",
          ended.map((row) => row.id),
        ),
    )
    .where("status", "in", ["pending", "held"])
    .execute();
  return ended.length;
}

async function eraseSequenceRecords(trx: Trx, personId: string) {
  await trx.deleteFrom("sequence_sends").where("person_id", "=", personId).execute();
  await trx.deleteFrom("sequence_enrollments").where("person_id", "=", personId).execute();
}
