import { PostgresAdapter, sql, type Kysely } from "kysely";
import { emitPersonEvent } from "../../core/person-events";
import { eraseAttributionsOfPerson } from "../../analytics";
import { eraseBookingsOf } from "./booking-erasure";
import { recordAdminAction } from "../../core/audit-log";
import type { Clock } from "../../core/clock";
import { containsText } from "../../core/db/contains-text";
import type { Db } from "../../core/db/database";
import { truncateWal } from "../../core/db/wal-truncate";
import type { Database } from "../../core/db/schema";
import { emailLimitKey, forgetRateLimitKeys } from "../../core/rate-limit";
import { deleteEmailsMentioning, removeMailFiles } from "../../mail";
import { recordErasedAddress, type ErasureKeyConfig } from "./erased-addresses";
import { dropStagedImportsMentioning } from "../import/people-import";

/** Who is being erased: their record's id, and the address as given and as keyed. */
export type ErasureSubject = {
  personId: string;
  email: string;
  emailKey: string;
  /** "First Last", when both are known: what an audit detail could have recorded of them. */
  fullName: string | null;
};

/** What a step leaves for after the commit (files outside the database). */
export type ErasureAfterCommit = { outboxEmailIds: string[] };

/**
 * One table's part of an erasure: deletes or blanks what it holds about the subject and says
 * how many rows it touched (the audit entry keeps these counts, nothing else). A feature that
 * stores people adds its step to `erasureSteps`.
 */
export type ErasureStep = {
  name: string;
  erase(
    trx: Kysely<Database>,
    subject: ErasureSubject,
    context: { now: Date; afterCommit: ErasureAfterCommit },
  ): Promise<number>;
};

const byPersonOrAddress = (subject: ErasureSubject) => ({
  personId: subject.personId,
  key: subject.emailKey,
});

/** The per-table steps, in order; the person's own record goes last (others refer to it). */
export const erasureSteps: ErasureStep[] = [
  {
    // Their deals, and those opened from their messages (before the messages go), with their
    // timelines' notes, emails and stage changes, their proposals (the PDFs are drawn from the
    // rows) and the signer named in acceptances. The emails' outbox rows go with the outbox step.
    name: "deals",
    async erase(trx, subject) {
      const { personId, key } = byPersonOrAddress(subject);
      const theirDeals = trx
        .selectFrom("deals")
        .select("id")
        .where((eb) =>
          eb.or([
            eb("person_id", "=", personId),
            eb(
              "contact_message_id",
              "in",
              eb
                .selectFrom("contact_messages")
                .select("id")
                .where((inner) =>
                  inner.or([
                    inner("person_id", "=", personId),
                    inner(inner.fn("lower", ["email"]), "=", key),
                  ]),
                ),
            ),
          ]),
        );
      const ids = (await theirDeals.execute()).map((deal) => deal.id);
      if (ids.length === 0) return 0;
      for (const table of [
        "deal_reminders",
        "deal_notes",
        "deal_emails",
        "deal_stage_changes",
        "deal_proposals",
      ] as const)
        await trx.deleteFrom(table).where("deal_id", "in", ids).execute();
      await trx
        .updateTable("admin_audit_log")
        .set({ detail: JSON.stringify({ erased: "named an erased person" }) })
        .where("action", "=", "deals.proposal-accepted")
        .where("subject", "in", ids)
        .execute();
      const deleted = await trx.deleteFrom("deals").where("id", "in", ids).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  },
  {
    name: "messages",
    async erase(trx, subject) {
      const { personId, key } = byPersonOrAddress(subject);
      const deleted = await trx
        .deleteFrom("contact_messages")
        .where((eb) =>
          eb.or([eb("person_id", "=", personId), eb(eb.fn("lower", ["email"]), "=", key)]),
        )
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  },
  {
    name: "listMemberships",
    async erase(trx, { personId }) {
      const deleted = await trx
        .deleteFrom("list_memberships")
        .where("person_id", "=", personId)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  },
  {
    name: "attributions",
    erase: (trx, { personId }) => eraseAttributionsOfPerson(trx, personId),
  },
  {
    // Booked sessions, coming ones included (their time is free again).
    name: "bookings",
    erase: (trx, { personId, emailKey }) => eraseBookingsOf(trx, { personId, emailKey }),
  },
  {
    // The broadcasts' counts lose this reader; their emails go with the outbox step.
    name: "broadcastDeliveries",
    async erase(trx, { personId }) {
      const deleted = await trx
        .deleteFrom("broadcast_deliveries")
        // Named by broadcast, a probe of the (broadcast_id, person_id) key each: deliveries carry
        // no person index, which queueing would write for every reader (migration 325).
        .where("broadcast_id", "in", trx.selectFrom("broadcasts").select("id"))
        .where("person_id", "=", personId)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  },
  {
    name: "emails",
    async erase(trx, { email, emailKey }, { afterCommit }) {
      const ids = await deleteEmailsMentioning(trx, [...new Set([emailKey, email])]);
      afterCommit.outboxEmailIds.push(...ids);
      return ids.length;
    },
  },
  {
    // Orders stay for the accounts, with every personal field blanked.
    name: "ordersKept",
    async erase(trx, subject, { now }) {
      const { personId, key } = byPersonOrAddress(subject);
      const updated = await trx
        .updateTable("orders")
        .set({
          email: "erased",
          first_name: null,
          last_name: null,
          billing_address: null,
          person_id: null,
          updated_at: now.toISOString(),
        })
        .where((eb) =>
          eb.or([eb("person_id", "=", personId), eb(eb.fn("lower", ["email"]), "=", key)]),
        )
        .executeTakeFirst();
      return Number(updated.numUpdatedRows);
    },
  },
  {
    name: "rateLimitKeys",
    erase: (trx, { email }) => forgetRateLimitKeys(trx, [emailLimitKey(email)]),
  },
  {
    // An owner being erased: their sign-in links, sessions and passkeys go; what they did stays
    // in the audit log and on broadcasts under a name that is not theirs.
    name: "adminRecords",
    async erase(trx, { emailKey }) {
      let touched = 0;
      for (const table of ["admin_sign_in_links", "admin_sessions", "admin_passkeys"] as const) {
        const deleted = await trx
          .deleteFrom(table)
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", emailKey))
          .executeTakeFirst();
        touched += Number(deleted.numDeletedRows);
      }
      const audit = await trx
        .updateTable("admin_audit_log")
        .set({ actor_email: "erased owner" })
        .where((eb) => eb(eb.fn("lower", ["actor_email"]), "=", emailKey))
        .executeTakeFirst();
      const broadcasts = await trx
        .updateTable("broadcasts")
        .set({ created_by: "erased owner" })
        .where((eb) => eb(eb.fn("lower", ["created_by"]), "=", emailKey))
        .executeTakeFirst();
      return touched + Number(audit.numUpdatedRows) + Number(broadcasts.numUpdatedRows);
    },
  },
  {
    // An export's filter or an action's particulars may have named them (a search for them).
    name: "auditDetails",
    async erase(trx, { emailKey, fullName }) {
      const updated = await trx
        .updateTable("admin_audit_log")
        .set({ detail: JSON.stringify({ erased: "named an erased person" }) })
        .where((eb) =>
          eb.or([
            containsText("detail", emailKey),
            ...(fullName ? [containsText("detail", fullName)] : []),
          ]),
        )
        .executeTakeFirst();
      return Number(updated.numUpdatedRows);
    },
  },
  {
    // An upload waiting for its go-ahead holds whole rows of the file.
    name: "stagedImports",
    erase: (trx, { email, emailKey }) => dropStagedImportsMentioning(trx, [emailKey, email]),
  },
  {
    // A signup kept before its answer and not yet settled.
    name: "signupRequests",
    async erase(trx, { emailKey }) {
      const deleted = await trx
        .deleteFrom("signup_requests")
        .where("email_key", "=", emailKey)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  },
  {
    name: "person",
    async erase(trx, { personId }) {
      const deleted = await trx.deleteFrom("people").where("id", "=", personId).executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  },
];

type ErasureDeps = { db: Db; clock: Clock; config: { MAIL_DIR: string } & ErasureKeyConfig };

/**
 * The tables an erasure deletes from or rewrites. On PostgreSQL a deleted row's bytes stay in its
 * page until VACUUM reuses the space; SQLite overwrites them at once (`secure_delete`, database.ts)
 * and its WAL's older copies go with `truncateWal`. What stays on PostgreSQL's disk after this:
 * docs/database-and-backups.md.
 */
const vacuumedTables = [
  "contact_messages",
  "list_memberships",
  "people",
  "orders",
  "outbox_emails",
  "outbox_attempts",
  "broadcast_deliveries",
  "signup_requests",
  "people_imports",
  "people_import_chunks",
  "people_import_undo",
  "admin_audit_log",
  "rate_limit_windows",
  "bookings",
  "booking_reminders",
  "analytics_attributions",
  "admin_sign_in_links",
  "admin_sessions",
  "admin_passkeys",
  "broadcasts",
  "workshop_registrations",
  "deals",
  "deal_reminders",
  "deal_notes",
  "deal_emails",
  "deal_stage_changes",
  "deal_proposals",
  "workshop_waitlist",
] as const;

/** VACUUM (not FULL: no exclusive lock) the erasure's tables, after its commit; Postgres only. */
async function vacuumAfterErasure(db: Db) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const existing = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema()`.execute(db);
  const names = new Set(existing.rows.map((row) => row.name));
  for (const table of vacuumedTables) {
    if (names.has(table)) await sql`vacuum ${sql.table(table)}`.execute(db);
  }
}

/**
 * Erases a person: every step above in one transaction, with a keyed hash of their address kept
 * (`erased-addresses.ts`), then the `.eml` files of their emails and, on Postgres, a VACUUM of the
 * touched tables, on SQLite a checkpoint that truncates the WAL (decision 307). The audit entry
 * names the record id and the counts per step, nothing personal.
 */
export async function erasePerson(
  { db, clock, config }: ErasureDeps,
  { personId, actor }: { personId: string; actor: string },
): Promise<"erased" | "not-found"> {
  const now = clock.now();
  const afterCommit: ErasureAfterCommit = { outboxEmailIds: [] };
  const subject = await db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom("people")
      .select(["email", "email_key", "first_name", "last_name"])
      .where("id", "=", personId)
      .executeTakeFirst();
    if (!person) return undefined;
    const subject: ErasureSubject = {
      personId,
      email: person.email,
      emailKey: person.email_key,
      fullName:
        person.first_name && person.last_name ? `${person.first_name} ${person.last_name}` : null,
    };
    const counts: Record<string, number> = {};
    // What the capabilities above keep of them (the email sequences) goes first, in this
    // transaction; their emails go with the outbox step.
    await emitPersonEvent(trx, { kind: "erased", personId, now });
    for (const step of erasureSteps) {
      counts[step.name] = await step.erase(trx, subject, { now, afterCommit });
    }
    // All that stays of them: a keyed hash of the address, so no import re-adds them (issue 35).
    await recordErasedAddress(trx, config, { email: person.email, now });
    // Written after the steps, so the audit step cannot scrub this entry's counts.
    await recordAdminAction(trx, {
      actor,
      action: "person.erase",
      subject: personId,
      detail: counts,
      now,
    });
    return subject;
  });
  if (!subject) return "not-found";
  await removeMailFiles(config.MAIL_DIR, {
    ids: afterCommit.outboxEmailIds,
    texts: [subject.emailKey, subject.email],
  });
  await vacuumAfterErasure(db);
  await truncateWal(db);
  return "erased";
}
