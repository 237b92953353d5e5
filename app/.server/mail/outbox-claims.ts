import { PostgresAdapter, type QueryCreator } from "kysely";
import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import type { Database, OutboxEmailTable } from "../core/db/schema";

export type ClaimedEmail = OutboxEmailTable;

/**
 * Claiming emails with a lease, so several instances on one database never hold the same email:
 * on SQLite one UPDATE (the database is locked while it runs); on Postgres one UPDATE of exactly
 * the candidate rows a materialized CTE locked with FOR UPDATE SKIP LOCKED (a locked row's
 * conditions are checked again on its latest version, so one another worker claimed is left out).
 *
 * A transactional email whose sender died is claimed again once its lease has run out (at least
 * once: a receipt must arrive). A bulk email never is: it may have gone out before the sender died,
 * so {@link OutboxClaims.markUncertain} records it as "may not have gone out" for the owner.
 */
export function outboxClaims({
  db,
  clock,
  leaseMs,
  maxAttempts,
  workerId,
}: {
  db: Db;
  clock: Clock;
  leaseMs: number;
  maxAttempts: number;
  workerId: string;
}) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  function dueEmails(
    nowIso: string,
    kind: "transactional" | "bulk",
    limit: number,
    from: QueryCreator<Database> = db,
  ) {
    return (
      from
        .selectFrom("outbox_emails")
        .select("id")
        .$if(kind === "transactional", (query) =>
          query
            .where("status", "in", ["pending", "sending"])
            .where("broadcast_id", "is", null)
            .where((eb) =>
              eb.or([eb("locked_until", "is", null), eb("locked_until", "<", nowIso)]),
            ),
        )
        .$if(kind === "bulk", (query) =>
          query.where("status", "=", "pending").where("broadcast_id", "is not", null),
        )
        .where("next_attempt_at", "<=", nowIso)
        .where("attempts", "<", maxAttempts)
        // Bulk emails are all alike: any due ones will do, and without the sort the query stops at
        // `limit` instead of ordering 100,000 pending rows first.
        .$if(kind === "transactional", (query) => query.orderBy("next_attempt_at"))
        .limit(limit)
    );
  }

  async function claim(kind: "transactional" | "bulk", limit: number): Promise<ClaimedEmail[]> {
    if (limit <= 0) return [];
    const now = clock.now();
    const nowIso = now.toISOString();
    const leaseEnd = new Date(now.getTime() + leaseMs).toISOString();
    if (postgres) {
      // One statement: the candidates are locked (SKIP LOCKED) and evaluated once (MATERIALIZED;
      // as a subquery of the UPDATE, Postgres may evaluate the LIMIT again and claim more).
      return db
        .with(
          (cte) => cte("due").materialized(),
          (from) => dueEmails(nowIso, kind, limit, from).forUpdate().skipLocked(),
        )
        .updateTable("outbox_emails")
        .from("due")
        .set((eb) => ({
          status: "sending",
          locked_by: workerId,
          locked_until: leaseEnd,
          attempts: eb("outbox_emails.attempts", "+", 1),
        }))
        .whereRef("outbox_emails.id", "=", "due.id")
        .returningAll("outbox_emails")
        .execute();
    }
    // On SQLite the one UPDATE holds the database: its subquery sees the rows as they are (a
    // status test here made the planner walk every pending email instead of the ids).
    return db
      .updateTable("outbox_emails")
      .set((eb) => ({
        status: "sending",
        locked_by: workerId,
        locked_until: leaseEnd,
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "in", dueEmails(nowIso, kind, limit))
      .returningAll()
      .execute();
  }

  return {
    claim,
    /** How many bulk emails are due now (up to `limit`): what the throttle is asked for. */
    async dueBulkCount(limit: number) {
      const due = await dueEmails(clock.now().toISOString(), "bulk", limit).execute();
      return due.length;
    },

    /** Transactional emails whose sender died holding their last attempt: nobody will retry them. */
    async failAbandonedLastAttempts() {
      const nowIso = clock.now().toISOString();
      return db
        .updateTable("outbox_emails")
        .set({ status: "failed", locked_by: null, locked_until: null })
        .where("status", "=", "sending")
        .where("broadcast_id", "is", null)
        .where("attempts", ">=", maxAttempts)
        .where("locked_until", "<", nowIso)
        .returning(["id", "purpose", "attempts", "last_error"])
        .execute();
    },

    /**
     * Bulk emails whose sender died mid-send (their lease ran out) become `uncertain`. `locked_by`
     * stays: a sender that was only slow, not dead, still records the true outcome over it.
     */
    async markUncertain() {
      const nowIso = clock.now().toISOString();
      const marked = await db
        .updateTable("outbox_emails")
        .set({
          status: "uncertain",
          last_error: "The sender stopped mid-send",
          uncertain_at: nowIso,
        })
        .where("status", "=", "sending")
        .where("broadcast_id", "is not", null)
        .where("locked_until", "<", nowIso)
        .executeTakeFirst();
      return Number(marked.numUpdatedRows);
    },

    /** Pushes the lease of an email in hand forward: a send outlasting it must not free it. */
    async renewLease(id: string) {
      const leaseEnd = new Date(clock.now().getTime() + leaseMs).toISOString();
      await db
        .updateTable("outbox_emails")
        .set({ locked_until: leaseEnd })
        .where("id", "=", id)
        .where("locked_by", "=", workerId)
        .execute();
    },
  };
}

export type OutboxClaims = ReturnType<typeof outboxClaims>;
