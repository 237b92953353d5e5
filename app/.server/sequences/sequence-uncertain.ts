import type { Kysely } from "kysely";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import type { Database } from "../core/db/schema";
import type { ServiceDeps } from "../core/service-deps";
import { resendUncertainEmails } from "../mail";
import { endRuns, unsettledRuns } from "./sequence-pass";

/** How many of a step's uncertain emails the page lists (all are counted, and sent again). */
const listedPerStep = 20;

export type StepUncertainEmails = {
  total: number;
  emails: {
    id: string;
    purpose: string;
    to_address: string;
    subject: string;
    last_error: string | null;
    uncertain_at: string | null;
  }[];
};

/**
 * A sequence's emails that may not have gone out (their sender died mid-send, or the mail server
 * never answered), by step: how many, and the newest of them.
 */
export async function uncertainEmailsByStep(
  db: Db,
  sequenceId: string,
): Promise<Map<string, StepUncertainEmails>> {
  const uncertain = () =>
    db
      .selectFrom("sequence_sends as send")
      .innerJoin("outbox_emails as email", "email.id", "send.id")
      .where("send.sequence_id", "=", sequenceId)
      .where("email.status", "=", "uncertain");
  const counts = await uncertain()
    .select(["send.step_id", (eb) => eb.fn.countAll<string | number>().as("total")])
    .groupBy("send.step_id")
    .execute();
  const byStep = new Map<string, StepUncertainEmails>();
  for (const row of counts) {
    const emails = await uncertain()
      .select([
        "email.id",
        "email.purpose",
        "email.to_address",
        "email.subject",
        "email.last_error",
        "email.uncertain_at",
      ])
      .where("send.step_id", "=", row.step_id)
      .orderBy("email.uncertain_at", "desc")
      .limit(listedPerStep)
      .execute();
    byStep.set(row.step_id, { total: Number(row.total), emails });
  }
  return byStep;
}

/**
 * Runs set aside because one of these emails may not have gone out go on once it is sent again:
 * the pass looks at them at once, and finishes them when their emails are settled. Called in the
 * transaction that sends the emails again (from here, or from Email health one by one).
 */
export async function resumeRunsOfResentEmails(
  trx: Kysely<Database>,
  emailIds: string[],
  now: Date,
) {
  if (emailIds.length === 0) return;
  const nowIso = now.toISOString();
  await trx
    .updateTable("sequence_enrollments")
    .set({ status: "active", ended_reason: null, next_due_at: nowIso, updated_at: nowIso })
    .where("status", "=", "uncertain")
    .where("id", "in", (eb) =>
      eb.selectFrom("sequence_sends").select("enrollment_id").where("id", "in", emailIds),
    )
    .execute();
}

/**
 * Runs set aside for an email the owner dismissed read their real status at once, in the
 * dismissal's transaction: finished when their emails are all settled now, still set aside when
 * another of theirs may not have gone out, and due at once when one waits in the queue again.
 */
export async function settleRunsOfDismissedEmails(
  trx: Kysely<Database>,
  emailIds: string[],
  now: Date,
) {
  if (emailIds.length === 0) return;
  const runs = await trx
    .selectFrom("sequence_enrollments")
    .select("id")
    .where("status", "=", "uncertain")
    .where("id", "in", (eb) =>
      eb.selectFrom("sequence_sends").select("enrollment_id").where("id", "in", emailIds),
    )
    .execute();
  const ids = runs.map((run) => run.id);
  const { waiting, unsure } = await unsettledRuns(trx, ids);
  const nowIso = now.toISOString();
  await endRuns(
    trx,
    ids.filter((id) => !waiting.has(id) && !unsure.has(id)),
    "finished",
    "all steps sent",
    nowIso,
  );
  if (waiting.size > 0)
    await trx
      .updateTable("sequence_enrollments")
      .set({ status: "active", ended_reason: null, next_due_at: nowIso, updated_at: nowIso })
      .where("id", "in", [...waiting])
      .execute();
}

/**
 * Sends, on the owner's word, one step's emails that may not have gone out: they may reach
 * someone twice, which is why it is the owner's call (audited). Resolves with how many.
 */
export async function resendUncertainStep(
  { db, clock, outbox }: Pick<ServiceDeps, "db" | "clock" | "outbox">,
  { sequenceId, stepId, actor }: { sequenceId: string; stepId: string; actor: string },
): Promise<number> {
  const now = clock.now();
  const requeued = await db.transaction().execute(async (trx) => {
    const ids = await resendUncertainEmails(
      trx,
      sequenceId,
      now,
      trx.selectFrom("sequence_sends").select("id").where("step_id", "=", stepId),
    );
    if (ids.length === 0) return 0;
    await resumeRunsOfResentEmails(trx, ids, now);
    await recordAdminAction(trx, {
      actor,
      action: "sequence.resend-uncertain",
      subject: sequenceId,
      detail: { stepId, emails: ids.length },
      now,
    });
    return ids.length;
  });
  if (requeued > 0) outbox.wake();
  return requeued;
}
