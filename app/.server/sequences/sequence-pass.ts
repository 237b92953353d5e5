import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import type { SequenceSendTable } from "./sequence-tables";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueBulkEmails } from "../mail";
import { consentJoin } from "./sequence-consent";
import { readerTimeZone, stepDueAt } from "./sequence-timing";

/** Readers looked at per transaction; a pass takes batches until none is due. */
export const passBatchSize = 500;

/**
 * How long a reader whose last email still waits in the outbox waits before the pass looks again:
 * the run ends only once that email is sent or cancelled.
 */
export const lastEmailRecheckMs = 60_000;

/** The bulk emails' purpose: the outbox hooks route their completion to the sequences. */
export const sequenceEmailPurpose = "sequence.step";

type Step = {
  id: string;
  position: number;
  subject: string;
  delay_days: number;
  version: number;
};

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
 * the run is finished once its last email is sent or cancelled (set aside as `uncertain` while one
 * may not have gone out). Readers of a paused sequence wait. Resolves with how many were queued.
 */
export async function runSequencePass(
  deps: Pick<ServiceDeps, "db" | "clock" | "config">,
  { batchSize = passBatchSize, maxBatches = 20 } = {},
): Promise<{ queued: number; more: boolean }> {
  // Bulk mail must carry a postal address (as broadcasts): without one nothing is queued.
  if (!deps.config.MAIL_POSTAL_ADDRESS) return { queued: 0, more: false };
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
    const due = await dueReadersQuery(trx, nowIso, batchSize).execute();
    const stepsBySequence = new Map<string, Step[]>();
    for (const sequenceId of new Set(due.map((reader) => reader.sequence_id))) {
      stepsBySequence.set(
        sequenceId,
        await trx
          .selectFrom("sequence_steps")
          .select(["id", "position", "subject", "delay_days", "version"])
          .where("sequence_id", "=", sequenceId)
          .where("removed_at", "is", null)
          .orderBy("position")
          .execute(),
      );
    }
    // Decided here, written below in a few statements for the whole batch (not per reader).
    const finished: string[] = [];
    const leftTheList: string[] = [];
    const later = new Map<string, string>();
    const sends: (SequenceSendRow & { nextDueAt: string; position: number })[] = [];
    for (const reader of due) {
      const steps = stepsBySequence.get(reader.sequence_id)!;
      const step = nextStep(steps, reader.last_position);
      if (!step) {
        finished.push(reader.id);
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
        later.set(reader.id, dueAt.toISOString());
        continue;
      }
      // Consent at queue time (read with the due readers; checked again just before sending).
      if (reader.membership_id === null || reader.bounced_at !== null) {
        leftTheList.push(reader.id);
        continue;
      }
      const following = nextStep(steps, step.position);
      sends.push({
        id: randomUUID(),
        enrollment_id: reader.id,
        sequence_id: reader.sequence_id,
        step_id: step.id,
        person_id: reader.person_id,
        queued_at: nowIso,
        // The version queued; the outbox hook corrects it if an edit lands before it is drawn.
        step_version: step.version,
        unsubscribed_at: null,
        position: step.position,
        // The step after it, from now; none left, the next pass finishes the run.
        nextDueAt: following
          ? stepDueAt({
              lastDoneAt: now,
              delayDays: following.delay_days,
              sendHour: reader.send_hour,
              timeZone,
            }).toISOString()
          : nowIso,
      });
    }
    // Finished only once the last email is out of the queue: until then an unsubscribe still
    // cancels it, and the run is not "finished" for someone who left. One whose email may not
    // have gone out waits for the owner's word instead (sending it again wakes it).
    const { waiting, unsure } = await unsettledRuns(trx, finished);
    for (const id of waiting)
      later.set(id, new Date(now.getTime() + lastEmailRecheckMs).toISOString());
    await endRuns(trx, [...unsure], "uncertain", "an email may not have gone out", nowIso);
    await endRuns(
      trx,
      finished.filter((id) => !waiting.has(id) && !unsure.has(id)),
      "finished",
      "all steps sent",
      nowIso,
    );
    await endRuns(trx, leftTheList, "cancelled", "no longer on the list", nowIso);
    if (later.size > 0) {
      await trx
        .updateTable("sequence_enrollments")
        .set({ next_due_at: byId([...later].map(([id, value]) => ({ id, value }))) })
        .where("id", "in", [...later.keys()])
        .execute();
    }
    // Unique per run and step: a send another pass already recorded is not recorded (or
    // queued) again; only the rows inserted here come back.
    const inserted = new Set<string>();
    for (let offset = 0; offset < sends.length; offset += 100) {
      const rows = await trx
        .insertInto("sequence_sends")
        .values(
          sends.slice(offset, offset + 100).map(({ nextDueAt: _, position: __, ...row }) => row),
        )
        .onConflict((conflict) => conflict.columns(["enrollment_id", "step_id"]).doNothing())
        .returning("id")
        .execute();
      for (const row of rows) inserted.add(row.id);
    }
    if (sends.length > 0) {
      await trx
        .updateTable("sequence_enrollments")
        .set({
          last_position: byId(
            sends.map((send) => ({ id: send.enrollment_id, value: send.position })),
          ),
          last_step_id: byId(
            sends.map((send) => ({ id: send.enrollment_id, value: send.step_id })),
          ),
          next_due_at: byId(
            sends.map((send) => ({ id: send.enrollment_id, value: send.nextDueAt })),
          ),
          last_done_at: nowIso,
          updated_at: nowIso,
        })
        .where(
          "id",
          "in",
          sends.map((send) => send.enrollment_id),
        )
        .execute();
    }
    const sendsByStep = new Map<string, { step: Step; sequenceId: string; ids: string[] }>();
    for (const send of sends) {
      if (!inserted.has(send.id)) continue;
      const step = stepsBySequence.get(send.sequence_id)!.find((each) => each.id === send.step_id)!;
      const group = sendsByStep.get(step.id) ?? { step, sequenceId: send.sequence_id, ids: [] };
      group.ids.push(send.id);
      sendsByStep.set(step.id, group);
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

/**
 * The readers a pass looks at: due by `next_due_at` (its index, read in order up to `limit`), in
 * a run still on, of a sequence not paused, with their consent. Exported for the bench's plans.
 */
export function dueReadersQuery(db: Kysely<Database>, nowIso: string, limit: number) {
  return (
    db
      .selectFrom("sequence_enrollments as enrollment")
      .innerJoin("sequences", "sequences.id", "enrollment.sequence_id")
      .innerJoin("people", "people.id", "enrollment.person_id")
      // Consent in the same read: a confirmed membership of the list, the address not bounced.
      .leftJoin("list_memberships as member", (join) =>
        join.on(consentJoin("enrollment.person_id")),
      )
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
        "people.bounced_at",
        "member.id as membership_id",
      ])
      .where("enrollment.next_due_at", "<=", nowIso)
      .where("enrollment.status", "=", "active")
      .where("sequences.status", "=", "active")
      .orderBy("enrollment.next_due_at")
      .limit(limit)
  );
}

type SequenceSendRow = Insertable<SequenceSendTable>;

/**
 * The runs among `ids` with an email still in the outbox's hands (queued, held or being sent),
 * and the others with one that may not have gone out.
 */
export async function unsettledRuns(trx: Kysely<Database>, ids: string[]) {
  const waiting = new Set<string>();
  const unsure = new Set<string>();
  if (ids.length === 0) return { waiting, unsure };
  const rows = await trx
    .selectFrom("sequence_sends as send")
    .innerJoin("outbox_emails as email", "email.id", "send.id")
    .select(["send.enrollment_id", "email.status"])
    .distinct()
    .where("send.enrollment_id", "in", ids)
    .where("email.status", "in", ["pending", "held", "sending", "uncertain"])
    .execute();
  for (const row of rows) (row.status === "uncertain" ? unsure : waiting).add(row.enrollment_id);
  for (const id of waiting) unsure.delete(id);
  return { waiting, unsure };
}

/** One value per row in one UPDATE: `CASE id WHEN … THEN … END` (both databases). */
function byId<T extends string | number>(rows: { id: string; value: T }[]) {
  // Typed, so Postgres does not read the parameters as text.
  const type = sql.raw(typeof rows[0]?.value === "number" ? "integer" : "text");
  return sql<T>`case id ${sql.join(
    rows.map((row) => sql`when ${row.id} then cast(${row.value} as ${type})`),
    sql` `,
  )} end`;
}

/** Ends runs, or sets them aside for the owner's word (`uncertain`), out of the due index. */
export async function endRuns(
  trx: Kysely<Database>,
  ids: string[],
  status: "finished" | "cancelled" | "uncertain",
  reason: string,
  nowIso: string,
) {
  if (ids.length === 0) return;
  await trx
    .updateTable("sequence_enrollments")
    .set({ status, ended_reason: reason, next_due_at: null, updated_at: nowIso })
    .where("id", "in", ids)
    .execute();
}
