import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import type { Database } from "../core/db/schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { ServiceDeps } from "../core/service-deps";
import { holdBulkBatch, releaseBulkBatch } from "../mail";
import { guideDownloads } from "~/lib/download-targets";
import { newsletterInterests } from "~/lib/newsletter-interests";
import {
  sequenceSettingsSchema,
  sequenceStepSchema,
  type SequenceSettings,
  type SequenceTrigger,
} from "~/lib/sequence-schema";

type Deps = Pick<ServiceDeps, "db" | "clock" | "outbox">;
type Trx = Kysely<Database>;

/** A refusal in one sentence, for the form (4xx, nothing written). */
const refused = (field: string, message: string): InvalidInput => ({
  outcome: "invalid",
  error: message,
  fieldErrors: { [field]: [message] },
});

/** The settings form's fields as received. */
export function sequenceInput(form: URLSearchParams) {
  return {
    name: form.get("name") ?? "",
    trigger: form.get("trigger") ?? "",
    triggerDetail: form.get("triggerDetail") ?? "",
    list: form.get("list") ?? "",
    sendHour: form.get("sendHour") ?? "",
    exitProduct: form.get("exitProduct") ?? "",
    exitOnBooking: form.get("exitOnBooking") ?? undefined,
    exitOnRegistration: form.get("exitOnRegistration") ?? undefined,
    exitOnSequenceId: form.get("exitOnSequenceId") ?? "",
    restart: form.get("restart") ?? undefined,
  };
}

/** The triggers a detail narrows: to an interest, a guide, or the sequence joined. */
const narrowedTriggers: SequenceTrigger[] = [
  "interest_chosen",
  "guide_downloaded",
  "sequence_joined",
];

/** A step form's fields as received. */
export function stepInput(form: URLSearchParams) {
  return {
    subject: form.get("subject") ?? "",
    bodyMarkdown: form.get("bodyMarkdown") ?? "",
    delayDays: form.get("delayDays") ?? "",
    position: form.get("position") ?? "",
  };
}

/**
 * Refuses an interest or a guide the site does not have, a "joined another sequence" trigger
 * that names no sequence, or one whose chain of such
 * triggers comes back to this sequence (each would start the other for ever), and an exit on a
 * sequence that does not exist or is this one.
 */
async function chainProblem(trx: Trx, id: string, settings: SequenceSettings) {
  if (
    settings.trigger === "interest_chosen" &&
    settings.triggerDetail &&
    !newsletterInterests.some((interest) => interest.key === settings.triggerDetail)
  )
    return refused("triggerDetail", "Choose one of the newsletter's interests, or any interest");
  if (
    settings.trigger === "guide_downloaded" &&
    settings.triggerDetail &&
    !guideDownloads.some((guide) => guide.key === settings.triggerDetail)
  )
    return refused("triggerDetail", "Choose one of the guides, or any guide");
  if (settings.trigger === "sequence_joined") {
    if (!settings.triggerDetail)
      return refused("triggerDetail", "Choose the sequence whose joining starts this one");
    let current: string | null = settings.triggerDetail;
    const seen = new Set<string>();
    while (current) {
      if (current === id)
        return refused("triggerDetail", "These sequences would start each other in a loop");
      if (seen.has(current)) break;
      seen.add(current);
      const row = await trx
        .selectFrom("sequences")
        .select(["trigger", "trigger_detail"])
        .where("id", "=", current)
        .executeTakeFirst();
      if (!row) {
        if (current === settings.triggerDetail)
          return refused("triggerDetail", "That sequence does not exist");
        break;
      }
      current = row.trigger === "sequence_joined" ? row.trigger_detail : null;
    }
  }
  if (settings.exitOnSequenceId) {
    if (settings.exitOnSequenceId === id)
      return refused("exitOnSequenceId", "A sequence cannot exit on joining itself");
    const exists = await trx
      .selectFrom("sequences")
      .select("id")
      .where("id", "=", settings.exitOnSequenceId)
      .executeTakeFirst();
    if (!exists) return refused("exitOnSequenceId", "That sequence does not exist");
  }
  return undefined;
}

/** Creates a sequence (a draft) or changes one's settings; audited with the change. */
export async function saveSequence(
  { db, clock }: Deps,
  { id, input, actor }: { id?: string; input: ReturnType<typeof sequenceInput>; actor: string },
): Promise<InvalidInput | { outcome: "saved"; id: string } | { outcome: "not-found" }> {
  const parsed = sequenceSettingsSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const settings = parsed.data;
  const now = clock.now();
  const nowIso = now.toISOString();
  const sequenceId = id ?? randomUUID();
  return db.transaction().execute(async (trx) => {
    const problem = await chainProblem(trx, sequenceId, settings);
    if (problem) return problem;
    const values = {
      name: settings.name,
      trigger: settings.trigger,
      // Only these triggers are narrowed; a detail left from another trigger would match none.
      trigger_detail: narrowedTriggers.includes(settings.trigger) ? settings.triggerDetail : null,
      list: settings.list,
      send_hour: settings.sendHour,
      exit_product: settings.exitProduct,
      exit_on_booking: settings.exitOnBooking ? 1 : 0,
      exit_on_registration: settings.exitOnRegistration ? 1 : 0,
      exit_on_sequence_id: settings.exitOnSequenceId,
      restart: settings.restart,
      updated_at: nowIso,
    };
    if (id) {
      const updated = await trx
        .updateTable("sequences")
        .set(values)
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return { outcome: "not-found" as const };
      // A new send hour applies to steps not yet due: let the next pass work them out again.
      await recheckReaders(trx, id, nowIso);
    } else {
      await trx
        .insertInto("sequences")
        .values({ id: sequenceId, ...values, status: "draft", created_at: nowIso })
        .execute();
    }
    await recordAdminAction(trx, {
      actor,
      action: id ? "sequence.update" : "sequence.create",
      subject: sequenceId,
      detail: { name: settings.name, trigger: settings.trigger },
      now,
    });
    return { outcome: "saved" as const, id: sequenceId };
  });
}

/** The readers still in a sequence are looked at by the next pass (their next step may change). */
async function recheckReaders(trx: Trx, sequenceId: string, nowIso: string) {
  await trx
    .updateTable("sequence_enrollments")
    .set({ next_due_at: nowIso })
    .where("sequence_id", "=", sequenceId)
    .where("status", "=", "active")
    .where("next_due_at", ">", nowIso)
    .execute();
}

export type StatusChange = "activate" | "pause";

/**
 * Activates a sequence (it needs a step) or pauses it. Pausing holds its emails already in the
 * outbox and takes its readers out of the pass; activating again releases them and the pass
 * sends what fell due meanwhile, one step per reader per pass, in order.
 */
export async function changeSequenceStatus(
  { db, clock, outbox }: Deps,
  { id, change, actor }: { id: string; change: StatusChange; actor: string },
): Promise<"changed" | "not-found" | "no-steps" | "unchanged"> {
  const now = clock.now();
  const outcome = await db.transaction().execute(async (trx) => {
    const sequence = await trx
      .selectFrom("sequences")
      .select(["status"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!sequence) return "not-found" as const;
    const target = change === "activate" ? "active" : "paused";
    if (sequence.status === target) return "unchanged" as const;
    if (change === "pause" && sequence.status !== "active") return "unchanged" as const;
    if (change === "activate") {
      const step = await trx
        .selectFrom("sequence_steps")
        .select("id")
        .where("sequence_id", "=", id)
        .where("removed_at", "is", null)
        .executeTakeFirst();
      if (!step) return "no-steps" as const;
    }
    await trx
      .updateTable("sequences")
      .set({ status: target, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    // A paused sequence's readers leave the due index (the pass never walks them); resumed, they
    // are all due now and the pass works out each one's next step again.
    await trx
      .updateTable("sequence_enrollments")
      .set({ next_due_at: change === "pause" ? null : now.toISOString() })
      .where("sequence_id", "=", id)
      .where("status", "=", "active")
      .execute();
    const emails =
      change === "pause" ? await holdBulkBatch(trx, id) : await releaseBulkBatch(trx, id, now);
    await recordAdminAction(trx, {
      actor,
      action: `sequence.${change}`,
      subject: id,
      detail: { emails },
      now,
    });
    return "changed" as const;
  });
  if (outcome === "changed" && change === "activate") outbox.wake();
  return outcome;
}

/**
 * Adds a step (at `position`, 1 for first; the end when empty) or changes one. A step added
 * before a reader's place is behind them (their place moves with it); one after reaches them. A
 * changed delay applies to every step not yet sent.
 */
export async function saveStep(
  { db, clock }: Deps,
  {
    sequenceId,
    stepId,
    input,
    actor,
  }: {
    sequenceId: string;
    stepId?: string;
    input: ReturnType<typeof stepInput>;
    actor: string;
  },
): Promise<InvalidInput | { outcome: "saved"; id: string } | { outcome: "not-found" }> {
  const parsed = sequenceStepSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const step = parsed.data;
  const position = input.position.trim() === "" ? undefined : Number(input.position);
  if (position !== undefined && (!Number.isInteger(position) || position < 1))
    return refused("position", "The place is a step number from 1");
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const sequence = await trx
      .selectFrom("sequences")
      .select("id")
      .where("id", "=", sequenceId)
      .executeTakeFirst();
    if (!sequence) return { outcome: "not-found" as const };
    let id = stepId;
    if (stepId) {
      const updated = await trx
        .updateTable("sequence_steps")
        .set({
          subject: step.subject,
          body_markdown: step.bodyMarkdown,
          delay_days: step.delayDays,
          // Each reader's history names the version they received (decision 260).
          version: sql`version + 1`,
          updated_at: nowIso,
        })
        .where("id", "=", stepId)
        .where("sequence_id", "=", sequenceId)
        .where("removed_at", "is", null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return { outcome: "not-found" as const };
    } else {
      const live = await trx
        .selectFrom("sequence_steps")
        .select("position")
        .where("sequence_id", "=", sequenceId)
        .where("removed_at", "is", null)
        .orderBy("position")
        .execute();
      const last = await trx
        .selectFrom("sequence_steps")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("sequence_id", "=", sequenceId)
        .executeTakeFirst();
      // The place among the live steps, as a position: before the step now at that place.
      const before = position !== undefined ? live[position - 1]?.position : undefined;
      let at = Number(last?.max ?? -1) + 1;
      if (before !== undefined) {
        at = before;
        // Make room: later steps, and the places of readers at or past it, move up by one.
        await trx
          .updateTable("sequence_steps")
          .set({ position: sql`position + 1` })
          .where("sequence_id", "=", sequenceId)
          .where("position", ">=", at)
          .execute();
        await trx
          .updateTable("sequence_enrollments")
          .set({ last_position: sql`last_position + 1` })
          .where("sequence_id", "=", sequenceId)
          .where("last_position", ">=", at)
          .execute();
      }
      id = randomUUID();
      await trx
        .insertInto("sequence_steps")
        .values({
          id,
          sequence_id: sequenceId,
          position: at,
          subject: step.subject,
          body_markdown: step.bodyMarkdown,
          delay_days: step.delayDays,
          removed_at: null,
          created_at: nowIso,
          updated_at: nowIso,
        })
        .execute();
    }
    await recheckReaders(trx, sequenceId, nowIso);
    await recordAdminAction(trx, {
      actor,
      action: stepId ? "sequence.step.update" : "sequence.step.add",
      subject: id,
      detail: { sequenceId, subject: step.subject, delayDays: step.delayDays },
      now,
    });
    return { outcome: "saved" as const, id: id! };
  });
}

/**
 * Removes a step: nobody who has not had it gets it (its emails not yet sent are cancelled); it
 * stays in the list of removed steps with its counts.
 */
export async function removeStep(
  { db, clock }: Deps,
  { sequenceId, stepId, actor }: { sequenceId: string; stepId: string; actor: string },
): Promise<"removed" | "not-found"> {
  const now = clock.now();
  const nowIso = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("sequence_steps")
      .set({ removed_at: nowIso, updated_at: nowIso })
      .where("id", "=", stepId)
      .where("sequence_id", "=", sequenceId)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return "not-found";
    await trx
      .updateTable("outbox_emails")
      .set({ status: "cancelled", last_error: "Sequence step removed" })
      .where("id", "in", (eb) =>
        eb.selectFrom("sequence_sends").select("id").where("step_id", "=", stepId),
      )
      .where("status", "in", ["pending", "held"])
      .execute();
    await recheckReaders(trx, sequenceId, nowIso);
    await recordAdminAction(trx, {
      actor,
      action: "sequence.step.remove",
      subject: stepId,
      detail: { sequenceId },
      now,
    });
    return "removed";
  });
}

export async function listSequences(db: Db) {
  const sequences = await db
    .selectFrom("sequences")
    .select(["id", "name", "trigger", "list", "status", "send_hour", "updated_at"])
    .orderBy("created_at", "desc")
    .execute();
  const counts = await db
    .selectFrom("sequence_enrollments")
    .select(["sequence_id", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("status", "=", "active")
    .groupBy("sequence_id")
    .execute();
  const active = new Map(counts.map((row) => [row.sequence_id, Number(row.count)]));
  return sequences.map((sequence) => ({ ...sequence, readers: active.get(sequence.id) ?? 0 }));
}

export type StepFigures = {
  /** Handed to the reader's server and accepted. */
  sent: number;
  /** The same count, under the name the provider outcomes' rates are over. */
  delivered: number;
  /** Never sent: the reader left (or the step was removed) while it waited in the outbox. */
  cancelled: number;
  /** In the outbox now (queued, held with the paused sequence, or being sent). */
  queued: number;
  /** May not have gone out (the sender died mid-send, or no final reply): the owner's call. */
  uncertain: number;
  /** Left the list after this step reached them (it was their last step, and it was sent). */
  unsubscribed: number;
  converted: number;
  /** Reported by providers after delivery (deliverability's `delivery_events`). */
  hardBounces: number;
  softBounces: number;
  complaints: number;
  /** Each count over `delivered`; null before any is delivered. */
  hardBounceRate: number | null;
  softBounceRate: number | null;
  complaintRate: number | null;
};

/**
 * Each step's figures, as far as the data goes: sent (the outbox sent it), cancelled (never sent),
 * still queued, unsubscribed after it (their run ended by an unsubscribe with this the last step
 * they had, and it reached them), converted after it (an order, a booking or a workshop
 * registration since it was queued).
 */
async function stepFigures(db: Db, stepIds: string[]): Promise<Map<string, StepFigures>> {
  const figures = new Map<string, StepFigures>(
    stepIds.map((id) => [
      id,
      {
        sent: 0,
        delivered: 0,
        cancelled: 0,
        queued: 0,
        uncertain: 0,
        unsubscribed: 0,
        converted: 0,
        hardBounces: 0,
        softBounces: 0,
        complaints: 0,
        hardBounceRate: null,
        softBounceRate: null,
        complaintRate: null,
      },
    ]),
  );
  if (stepIds.length === 0) return figures;
  const sends = await db
    .selectFrom("sequence_sends as send")
    .leftJoin("outbox_emails as email", "email.id", "send.id")
    .select(["send.step_id", "email.status", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("send.step_id", "in", stepIds)
    .groupBy(["send.step_id", "email.status"])
    .execute();
  for (const row of sends) {
    const figure = figures.get(row.step_id)!;
    const count = Number(row.count);
    if (row.status === "sent") figure.sent += count;
    else if (row.status === "cancelled") figure.cancelled += count;
    else if (row.status === "pending" || row.status === "held" || row.status === "sending")
      figure.queued += count;
    else if (row.status === "uncertain") figure.uncertain += count;
  }
  for (const figure of figures.values()) figure.delivered = figure.sent;
  const unsubscribed = await db
    .selectFrom("sequence_enrollments as enrollment")
    .innerJoin("sequence_sends as send", (join) =>
      join
        .onRef("send.enrollment_id", "=", "enrollment.id")
        .onRef("send.step_id", "=", "enrollment.last_step_id"),
    )
    .innerJoin("outbox_emails as email", "email.id", "send.id")
    .select(["enrollment.last_step_id", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("enrollment.last_step_id", "in", stepIds)
    .where("enrollment.ended_reason", "=", "unsubscribed")
    .where("email.status", "=", "sent")
    .groupBy("enrollment.last_step_id")
    .execute();
  for (const row of unsubscribed) figures.get(row.last_step_id!)!.unsubscribed = Number(row.count);
  // The analytics capability's conversions that a step can lead to (a signup cannot: it came first).
  const converted = await db
    .selectFrom("sequence_sends as send")
    .innerJoin("analytics_attributions as conversion", "conversion.person_id", "send.person_id")
    .select([
      "send.step_id",
      (eb) => eb.fn.count<string | number>("send.person_id").distinct().as("count"),
    ])
    .where("send.step_id", "in", stepIds)
    .where("conversion.conversion", "in", ["order", "booking", "workshop_registration"])
    .whereRef("conversion.converted_at", ">=", "send.queued_at")
    .groupBy("send.step_id")
    .execute();
  for (const row of converted) figures.get(row.step_id)!.converted = Number(row.count);
  const reported = await db
    .selectFrom("delivery_events")
    .select([
      "sequence_step_id",
      "kind",
      "bounce",
      (eb) => eb.fn.countAll<string | number>().as("count"),
    ])
    .where("sequence_step_id", "in", stepIds)
    .groupBy(["sequence_step_id", "kind", "bounce"])
    .execute();
  for (const row of reported) {
    const figure = figures.get(row.sequence_step_id!)!;
    if (row.kind === "complaint") figure.complaints += Number(row.count);
    else if (row.bounce === "hard") figure.hardBounces += Number(row.count);
    else figure.softBounces += Number(row.count);
  }
  for (const figure of figures.values()) {
    const rate = (count: number) => (figure.delivered > 0 ? count / figure.delivered : null);
    figure.hardBounceRate = rate(figure.hardBounces);
    figure.softBounceRate = rate(figure.softBounces);
    figure.complaintRate = rate(figure.complaints);
  }
  return figures;
}

/** Readers listed per step on the sequence's page; the count says how many more there are. */
export const waitingListed = 50;

/**
 * Who waits at each live step: the readers in a run whose next step it is (their last step before
 * it, after the live step before), the count, when the next ones go and the first of them by time.
 * A paused sequence's readers have no time: they go when it resumes.
 */
async function waitingAtSteps(
  db: Db,
  sequenceId: string,
  steps: { id: string; position: number; removed_at: string | null }[],
) {
  const live = steps.filter((step) => !step.removed_at);
  const waiting = new Map<
    string,
    { count: number; nextAt: string | null; readers: { email: string; at: string | null }[] }
  >();
  let after: number | undefined;
  for (const step of live) {
    const here = db
      .selectFrom("sequence_enrollments as enrollment")
      .where("enrollment.sequence_id", "=", sequenceId)
      .where("enrollment.status", "=", "active")
      .where("enrollment.last_position", "<", step.position)
      .$if(after !== undefined, (query) => query.where("enrollment.last_position", ">=", after!));
    const [totals, readers] = await Promise.all([
      here
        .select([
          (eb) => eb.fn.countAll<string | number>().as("count"),
          (eb) => eb.fn.min("enrollment.next_due_at").as("nextAt"),
        ])
        .executeTakeFirstOrThrow(),
      here
        .innerJoin("people", "people.id", "enrollment.person_id")
        .select(["people.email", "enrollment.next_due_at as at"])
        .orderBy("enrollment.next_due_at")
        .orderBy("people.email")
        .limit(waitingListed)
        .execute(),
    ]);
    waiting.set(step.id, {
      count: Number(totals.count),
      nextAt: (totals.nextAt as string | null) ?? null,
      readers,
    });
    after = step.position;
  }
  return waiting;
}

/** A sequence with its steps (live ones in order, then removed ones) and their figures. */
export async function sequencePage(db: Db, id: string) {
  const sequence = await db
    .selectFrom("sequences")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!sequence) return undefined;
  const steps = await db
    .selectFrom("sequence_steps")
    .selectAll()
    .where("sequence_id", "=", id)
    .orderBy("position")
    .execute();
  const figures = await stepFigures(
    db,
    steps.map((step) => step.id),
  );
  const waiting = await waitingAtSteps(db, id, steps);
  const others = await db
    .selectFrom("sequences")
    .select(["id", "name"])
    .where("id", "!=", id)
    .orderBy("name")
    .execute();
  const readers = await db
    .selectFrom("sequence_enrollments")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("sequence_id", "=", id)
    .groupBy("status")
    .execute();
  return {
    sequence,
    steps: steps.map((step) => ({
      ...step,
      figures: figures.get(step.id)!,
      waiting: waiting.get(step.id) ?? { count: 0, nextAt: null, readers: [] },
    })),
    others,
    readers: Object.fromEntries(readers.map((row) => [row.status, Number(row.count)])),
  };
}

/** The other sequences, for the new sequence's "joined another sequence" choices. */
export function sequenceChoices(db: Db) {
  return db.selectFrom("sequences").select(["id", "name"]).orderBy("name").execute();
}

/** One step with its sequence's name and figures. */
export async function stepPage(db: Db, sequenceId: string, stepId: string) {
  const step = await db
    .selectFrom("sequence_steps")
    .innerJoin("sequences", "sequences.id", "sequence_steps.sequence_id")
    .selectAll("sequence_steps")
    .select(["sequences.name as sequenceName", "sequences.status as sequenceStatus"])
    .where("sequence_steps.id", "=", stepId)
    .where("sequence_steps.sequence_id", "=", sequenceId)
    .executeTakeFirst();
  if (!step) return undefined;
  const figures = await stepFigures(db, [stepId]);
  return { step, figures: figures.get(stepId)! };
}

/** The sequence emails a person was sent (the person's page in the console). */
export function personSequenceEmails(db: Db, personId: string) {
  return db
    .selectFrom("sequence_sends as send")
    .innerJoin("sequences", "sequences.id", "send.sequence_id")
    .innerJoin("sequence_steps as step", "step.id", "send.step_id")
    .leftJoin("outbox_emails as email", "email.id", "send.id")
    .select([
      "send.id",
      "send.queued_at",
      "sequences.id as sequenceId",
      "sequences.name as sequenceName",
      "step.subject",
      "step.version as currentVersion",
      "send.step_version as version",
      "email.subject as sentSubject",
      "email.status as emailStatus",
    ])
    .where("send.person_id", "=", personId)
    .orderBy("send.queued_at", "desc")
    .execute();
}
