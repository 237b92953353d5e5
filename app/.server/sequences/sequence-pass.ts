import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueBulkEmails } from "../mail";
import { hasConsent } from "./sequence-enrollment";
import { readerTimeZone, stepDueAt } from "./sequence-timing";

/** Readers looked at per transaction; a pass takes batches until none is due. */
export const passBatchSize = 500;

/** The bulk emails' purpose: the outbox hooks route their completion to the sequences. */
export const sequenceEmailPurpose = "sequence.step";

type Step = { id: string; position: number; subject: string; delay_days: number };

/**
 * Each reader's next step, from the step list as it is now: the first step not removed after the
 * last one they were given (by position). Adding, removing or re-timing a step changes what every
 * reader still before it gets next, and nothing of what they already had.
 */
export function nextStep(steps: Step[], lastPosition: number): Step | undefined {
  return steps.find((step) => step.position > lastPosition);
}

/**
 * One pass: readers whose time has come (the `next_due_at` index, nothing else read for the
 * others). For each, the next step from the current list: not yet due (the delay changed, the
 * reader's morning is later) records when it will be; due, it is recorded as sent to them (unique
 * per run and step) and queued in the outbox as a bulk email in the same transaction; none left,
 * the run is finished. Readers of a paused sequence wait. Resolves with how many were queued.
 */
export async function runSequencePass(
  deps: Pick<ServiceDeps, "db" | "clock" | "config">,
  { batchSize = passBatchSize, maxBatches = 20 } = {},
): Promise<{ queued: number; more: boolean }> {
  let queued = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const result = await passBatch(deps, batchSize);
    queued += result.queued;
    if (result.seen < batchSize) return { queued, more: false };
  }
  return { queued, more: true };
}

async function passBatch(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  batchSize: number,
) {
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("sequence_enrollments as enrollment")
      .innerJoin("sequences", "sequences.id", "enrollment.sequence_id")
      .innerJoin("people", "people.id", "enrollment.person_id")
      .select([
        "enrollment.id",
        "enrollment.person_id",
        "enrollment.sequence_id",
        "enrollment.last_position",
        "enrollment.last_done_at",
        "sequences.send_hour",
        "sequences.list",
        "sequences.name",
        "people.time_zone",
      ])
      .where("enrollment.next_due_at", "<=", nowIso)
      .where("enrollment.status", "=", "active")
      .where("sequences.status", "=", "active")
      .orderBy("enrollment.next_due_at")
      .limit(batchSize)
      .execute();
    const stepsBySequence = new Map<string, Step[]>();
    const sendsByStep = new Map<string, { step: Step; sequenceId: string; ids: string[] }>();
    for (const reader of due) {
      let steps = stepsBySequence.get(reader.sequence_id);
      if (!steps) {
        steps = await trx
          .selectFrom("sequence_steps")
          .select(["id", "position", "subject", "delay_days"])
          .where("sequence_id", "=", reader.sequence_id)
          .where("removed_at", "is", null)
          .orderBy("position")
          .execute();
        stepsBySequence.set(reader.sequence_id, steps);
      }
      const step = nextStep(steps, reader.last_position);
      if (!step) {
        await setEnrollment(trx, reader.id, {
          status: "finished",
          ended_reason: "all steps sent",
          next_due_at: null,
          updated_at: nowIso,
        });
        continue;
      }
      const timeZone = readerTimeZone(reader.time_zone) ?? config.BOOKING_TIME_ZONE;
      const dueAt = stepDueAt({
        lastDoneAt: new Date(reader.last_done_at),
        delayDays: step.delay_days,
        sendHour: reader.send_hour,
        timeZone,
      });
      if (dueAt > now) {
        await setEnrollment(trx, reader.id, { next_due_at: dueAt.toISOString() });
        continue;
      }
      // Consent at queue time: only the list's confirmed members (checked again just before
      // sending, by the outbox hook).
      if (!(await hasConsent(trx, reader.person_id, reader.list))) {
        await setEnrollment(trx, reader.id, {
          status: "cancelled",
          ended_reason: "no longer on the list",
          next_due_at: null,
          updated_at: nowIso,
        });
        continue;
      }
      const inserted = await trx
        .insertInto("sequence_sends")
        .values({
          id: randomUUID(),
          enrollment_id: reader.id,
          sequence_id: reader.sequence_id,
          step_id: step.id,
          person_id: reader.person_id,
          queued_at: nowIso,
          unsubscribed_at: null,
        })
        .onConflict((conflict) => conflict.columns(["enrollment_id", "step_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) {
        const group = sendsByStep.get(step.id) ?? {
          step,
          sequenceId: reader.sequence_id,
          ids: [],
        };
        group.ids.push(inserted.id);
        sendsByStep.set(step.id, group);
      }
      const following = nextStep(steps, step.position);
      await setEnrollment(trx, reader.id, {
        last_position: step.position,
        last_step_id: step.id,
        last_done_at: nowIso,
        next_due_at: following
          ? stepDueAt({
              lastDoneAt: now,
              delayDays: following.delay_days,
              sendHour: reader.send_hour,
              timeZone,
            }).toISOString()
          : nowIso,
        updated_at: nowIso,
      });
    }
    let queued = 0;
    for (const { step, sequenceId, ids } of sendsByStep.values()) {
      // One INSERT … SELECT per step: the sends just recorded, each to its person's address. The
      // email's id is the send's, so the completion hook finds the send by it.
      queued += await enqueueBulkEmails(
        trx,
        {
          batchId: sequenceId,
          purpose: sequenceEmailPurpose,
          from: config.MAIL_FROM,
          replyTo: config.MAIL_REPLY_TO,
          subject: step.subject,
        },
        trx
          .selectFrom("sequence_sends as send")
          .innerJoin("people", "people.id", "send.person_id")
          .select(["send.id as id", "people.email as to_address"])
          .where("send.id", "in", ids),
        { now },
      );
    }
    return { seen: due.length, queued };
  });
}

function setEnrollment(
  trx: Kysely<Database>,
  id: string,
  values: Partial<{
    status: "finished" | "cancelled";
    ended_reason: string;
    next_due_at: string | null;
    last_position: number;
    last_step_id: string;
    last_done_at: string;
    updated_at: string;
  }>,
) {
  return trx.updateTable("sequence_enrollments").set(values).where("id", "=", id).execute();
}
