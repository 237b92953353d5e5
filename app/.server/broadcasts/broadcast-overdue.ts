import { recordAdminAction } from "../core/audit-log";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { broadcastOverdueEmail } from "./emails/broadcast-attention";

/** Scheduled at or after this is still on time at `now`; before it, overdue. */
export function lateCutoff(now: Date, graceMinutes: number) {
  return new Date(now.getTime() - graceMinutes * 60_000).toISOString();
}

/**
 * Holds the scheduled broadcasts whose time passed more than BROADCAST_LATE_GRACE_MINUTES ago (the
 * site was down then): a letter about Monday's webinar must not land on Thursday unasked. The
 * owner gets one email per broadcast (the conditional UPDATE lets one instance write it). Resolves
 * with how many were held.
 */
export async function holdOverdueBroadcasts({
  db,
  clock,
  config,
}: Pick<ServiceDeps, "db" | "clock" | "config">): Promise<number> {
  const now = clock.now();
  const nowIso = now.toISOString();
  const overdue = await db
    .selectFrom("broadcasts")
    .select("id")
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<", lateCutoff(now, config.BROADCAST_LATE_GRACE_MINUTES))
    .execute();
  let held = 0;
  for (const { id } of overdue) {
    held += await db.transaction().execute(async (trx) => {
      const broadcast = await trx
        .updateTable("broadcasts")
        .set({ status: "overdue", updated_at: nowIso })
        .where("id", "=", id)
        .where("status", "=", "scheduled")
        .returning(["subject", "scheduled_at"])
        .executeTakeFirst();
      if (!broadcast) return 0;
      const email = broadcastOverdueEmail({
        subject: broadcast.subject,
        scheduledAt: new Date(broadcast.scheduled_at!),
        foundAt: now,
        graceMinutes: config.BROADCAST_LATE_GRACE_MINUTES,
        consoleUrl: `${config.SITE_URL}/admin/broadcasts/${id}`,
      });
      await enqueueEmail(
        trx,
        { purpose: "broadcast.overdue", to: config.OWNER_EMAIL, from: config.MAIL_FROM, ...email },
        { now },
      );
      return 1;
    });
  }
  return held;
}

/** Sends an overdue broadcast now, on the owner's word. */
export async function sendOverdueNow(
  deps: Pick<ServiceDeps, "db" | "clock"> & { broadcastQueue: { wake(): void } },
  { id, actor }: { id: string; actor: string },
): Promise<"queued" | "not-overdue"> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const queued = await trx
      .updateTable("broadcasts")
      .set({ status: "queued", updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "=", "overdue")
      .returning("scheduled_at")
      .executeTakeFirst();
    if (!queued) return "not-overdue" as const;
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.send-overdue",
      subject: id,
      detail: { scheduledAt: queued.scheduled_at },
      now,
    });
    return "queued" as const;
  });
  if (outcome === "queued") deps.broadcastQueue.wake();
  return outcome;
}

/** Schedules an overdue broadcast again, for a time still to come. */
export async function rescheduleOverdue(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { id, actor, scheduledAt }: { id: string; actor: string; scheduledAt: Date },
): Promise<"scheduled" | "past" | "not-overdue"> {
  const now = clock.now();
  if (scheduledAt.getTime() <= now.getTime()) return "past";
  return db.transaction().execute(async (trx) => {
    const rescheduled = await trx
      .updateTable("broadcasts")
      .set({
        status: "scheduled",
        scheduled_at: scheduledAt.toISOString(),
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .where("status", "=", "overdue")
      .executeTakeFirst();
    if (Number(rescheduled.numUpdatedRows) === 0) return "not-overdue" as const;
    await recordAdminAction(trx, {
      actor,
      action: "broadcast.reschedule",
      subject: id,
      detail: { scheduledAt: scheduledAt.toISOString() },
      now,
    });
    return "scheduled" as const;
  });
}
