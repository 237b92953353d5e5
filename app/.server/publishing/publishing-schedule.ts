import { recordAdminAction } from "../core/audit-log";
import type { Trx } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";

type Deps = Pick<ServiceDeps, "db" | "clock">;

/** The tables the console publishes on a schedule: each row has an id, a state and a publish_at. */
type ScheduledTable = "articles" | "resources";

/**
 * Sets a draft to go live at `at`, in the caller's transaction, after its checks passed: a
 * published row stays live as it is until then, the others wait as scheduled.
 */
export async function scheduleDraft(
  trx: Trx,
  {
    table,
    id,
    state,
    at,
    now,
    actor,
    action,
  }: {
    table: ScheduledTable;
    id: string;
    state: string;
    at: Date;
    now: Date;
    actor: string;
    action: string;
  },
): Promise<{ outcome: "scheduled"; publishAt: string }> {
  const publishAt = at.toISOString();
  await trx
    .updateTable(table)
    .set({
      state: state === "published" ? "published" : "scheduled",
      publish_at: publishAt,
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .execute();
  await recordAdminAction(trx, { actor, action, subject: id, detail: { publishAt }, now });
  return { outcome: "scheduled", publishAt };
}

/**
 * Publishes every row of `table` whose time has come, also one whose time passed while the site
 * was down (the loop runs at start). Each in its own transaction, claimed by one instance with a
 * conditional update; one that cannot go live (emptied since) goes back to draft so it is not
 * tried every round.
 */
export async function publishDue<Outcome extends { outcome: string }>(
  { db, clock }: Deps,
  {
    table,
    action,
    publishDraftIn,
    auditDetail,
  }: {
    table: ScheduledTable;
    /** The audit log's name for a publish, `article.publish` say. */
    action: string;
    publishDraftIn: (trx: Trx, id: string, now: Date) => Promise<Outcome>;
    auditDetail?: (outcome: Outcome) => Record<string, unknown>;
  },
): Promise<number> {
  const now = clock.now();
  const due = await db
    .selectFrom(table)
    .select("id")
    .where("state", "in", ["scheduled", "published"])
    .where("publish_at", "is not", null)
    .where("publish_at", "<=", now.toISOString())
    .execute();
  let published = 0;
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable(table)
        .set({ publish_at: null })
        .where("id", "=", id)
        .where("publish_at", "is not", null)
        .where("publish_at", "<=", now.toISOString())
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return;
      const outcome = await publishDraftIn(trx, id, now);
      if (outcome.outcome === "published") {
        published += 1;
        await recordAdminAction(trx, {
          actor: "schedule",
          action,
          subject: id,
          detail: auditDetail?.(outcome),
          now,
        });
      } else
        await trx
          .updateTable(table)
          .set({ state: "draft" })
          .where("id", "=", id)
          .where("state", "=", "scheduled")
          .execute();
    });
  }
  return published;
}
