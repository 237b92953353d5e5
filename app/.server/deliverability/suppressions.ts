import { liftSuppression as clearSuppression } from "../audience";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";

const suppressed = (db: Db) =>
  db
    .selectFrom("people")
    .where((eb) => eb.or([eb("bounced_at", "is not", null), eb("complained_at", "is not", null)]));

/** How many addresses are suppressed, for the console's pages. */
export async function countSuppressed(db: Db) {
  const row = await suppressed(db)
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The suppressed addresses for the console: bounced or complained, newest first, a page at once. */
export async function listSuppressed(
  db: Db,
  { limit = 200, offset = 0 }: { limit?: number; offset?: number } = {},
) {
  const rows = await suppressed(db)
    .select(["id", "email", "bounced_at", "bounce_reason", "complained_at"])
    .orderBy((eb) => eb.fn.coalesce("complained_at", "bounced_at"), "desc")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    personId: row.id,
    email: row.email,
    // The kind, from what recorded it: delivery-events words a soft-bounce suppression so.
    kind: row.complained_at
      ? ("complaint" as const)
      : /^\d+ soft bounces/.test(row.bounce_reason ?? "")
        ? ("soft bounces" as const)
        : ("hard bounce" as const),
    reason: row.complained_at ? "Spam complaint" : (row.bounce_reason ?? "Bounced"),
    since: (row.complained_at ?? row.bounced_at)!,
  }));
}

/**
 * The owner lifts a suppression: it asks for a reason, kept in the audit with what was lifted.
 * The person gets list mail again only on the lists they are still on.
 */
export async function liftPersonSuppression(
  deps: Pick<ServiceDeps, "db" | "clock">,
  { personId, reason, actor }: { personId: string; reason: string; actor: string },
): Promise<"lifted" | "not-suppressed" | "reason-required"> {
  const why = reason.trim();
  if (why.length === 0 || why.length > 500) return "reason-required";
  return deps.db.transaction().execute(async (trx) => {
    const lifted = await clearSuppression(trx, { personId });
    if (!lifted) return "not-suppressed";
    await recordAdminAction(trx, {
      actor,
      action: "deliverability.lift",
      subject: personId,
      detail: { reason: why, ...lifted },
      now: deps.clock.now(),
    });
    return "lifted";
  });
}
