import { localDateOf } from "../core/zoned-time";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { nextStepDueTemplate } from "./emails/next-step-due";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** How often every instance looks for next steps due (each email is claimed once). */
export const nextStepSweepIntervalMs = 60_000;

/** The most deals one sweep emails about; the rest wait for the next round. */
const sweepBatch = 100;

/**
 * One sweep of the next steps due today or earlier, in the owner's time zone, on open deals
 * (neither won nor lost): the owner gets one email per deal and due date. The claim's row is
 * inserted in the transaction that queues the email, so two instances or a restart send it once;
 * a step moved to a new date is due again then. Returns how many were queued.
 */
export async function sendDueNextSteps(deps: Deps) {
  const now = deps.clock.now();
  const today = localDateOf(now.getTime(), deps.config.BOOKING_TIME_ZONE);
  const due = await deps.db
    .selectFrom("deals")
    .select(["id", "title", "next_step", "next_step_due_on"])
    .where("next_step_due_on", "<=", today)
    .where("next_step", "is not", null)
    .where("stage", "not in", ["won", "lost"])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("deal_reminders")
            .select("deal_id")
            .whereRef("deal_reminders.deal_id", "=", "deals.id")
            .whereRef("deal_reminders.due_on", "=", "deals.next_step_due_on"),
        ),
      ),
    )
    .limit(sweepBatch)
    .execute();
  let queued = 0;
  for (const deal of due) {
    const dueOn = deal.next_step_due_on!;
    const sent = await deps.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto("deal_reminders")
        .values({ deal_id: deal.id, due_on: dueOn, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.columns(["deal_id", "due_on"]).doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
      await enqueueEmail(
        trx,
        {
          purpose: "deals.next-step-due",
          to: deps.config.OWNER_EMAIL,
          from: deps.config.MAIL_FROM,
          ...nextStepDueTemplate.compose({
            title: deal.title,
            nextStep: deal.next_step!,
            dueOn,
            dealUrl: new URL(`/admin/pipeline/${deal.id}`, deps.config.SITE_URL).toString(),
          }),
        },
        { now },
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
