import { liftSuppression as clearSuppression } from "../audience";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";

/** The suppressed addresses for the console: bounced or complained, newest first. */
export async function listSuppressed(db: Db, { limit = 200 }: { limit?: number } = {}) {
  const rows = await db
    .selectFrom("people")
    .select(["id", "email", "bounced_at", "bounce_reason", "complained_at"])
    .where((eb) => eb.or([eb("bounced_at", "is not", null), eb("complained_at", "is not", null)]))
    .limit(limit)
    .execute();
  return rows
    .map((row) => ({
      personId: row.id,
      email: row.email,
      reason: row.complained_at ? "Spam complaint" : (row.bounce_reason ?? "Bounced"),
      since: (row.complained_at ?? row.bounced_at)!,
    }))
    .sort((a, b) => b.since.localeCompare(a.since));
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
