import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely, type SelectQueryBuilder } from "kysely";
import { fixedStatement, fixedStatementPerCount } from "../core/db/fixed-statement";
import type { Database, OutboxEmailTable } from "../core/db/schema";
import type { TemplatedEmail } from "./templates/email-template";

/**
 * An email to send later; the outbox worker delivers it. Its body is a template's name and data
 * (`TemplatedEmail`, rendered when it is sent) or, for mail no template draws, plain text.
 */
export type OutgoingEmail = {
  /** What it is for (`contact.owner-notification`), kept in the table for whoever reads it. */
  purpose: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  /** Extra headers (List-Unsubscribe, ...). */
  headers?: Record<string, string>;
} & (TemplatedEmail | { text: string; html?: string });

/**
 * Queues an email. Call it with the transaction that writes the record the email is about, so
 * both commit together or neither does: a stored lead always has its emails, and no email goes
 * out for a record that was rolled back.
 */
export async function enqueueEmail(
  trx: Kysely<Database>,
  email: OutgoingEmail,
  options: { now?: Date } = {},
): Promise<string> {
  const [id] = await enqueueEmails(trx, [email], options);
  return id!;
}

/** The columns a queued email sets per row; the rest are the same for every row. */
const queuedColumns = [
  "id",
  "purpose",
  "to_address",
  "from_address",
  "reply_to",
  "subject",
  "text_body",
  "html_body",
  "template",
  "template_data",
  "headers",
] as const;

type QueuedRow = Pick<Insertable<OutboxEmailTable>, (typeof queuedColumns)[number]>;

/** One INSERT of `count` emails (callers queue one or two), its values named `<column><row>`. */
const insertQueued = fixedStatementPerCount((count) =>
  fixedStatement<Record<string, string | null>>((db, value) =>
    db.insertInto("outbox_emails").values(
      Array.from({ length: count }, (_, row) => ({
        ...(Object.fromEntries(
          queuedColumns.map((column) => [column, value(`${column}${row}`)]),
        ) as QueuedRow),
        status: "pending" as const,
        attempts: 0,
        next_attempt_at: value("timestamp")!,
        created_at: value("timestamp")!,
      })),
    ),
  ),
);

/** Queues several emails in one INSERT (as `enqueueEmail`); resolves with their ids in order. */
export async function enqueueEmails(
  trx: Kysely<Database>,
  emails: OutgoingEmail[],
  { now = new Date() }: { now?: Date } = {},
): Promise<string[]> {
  const rows = emails.map((email): QueuedRow => ({
    id: randomUUID(),
    purpose: email.purpose,
    to_address: email.to,
    from_address: email.from,
    reply_to: email.replyTo ?? null,
    subject: email.subject,
    ...("template" in email
      ? {
          text_body: "",
          html_body: null,
          template: email.template.name,
          template_data: JSON.stringify(email.template.data),
        }
      : {
          text_body: email.text,
          html_body: email.html ?? null,
          template: null,
          template_data: null,
        }),
    headers: JSON.stringify(email.headers ?? {}),
  }));
  if (rows.length === 0) return [];
  const values: Record<string, string | null> = { timestamp: now.toISOString() };
  rows.forEach((row, index) => {
    for (const column of queuedColumns) values[`${column}${index}`] = row[column] ?? null;
  });
  await insertQueued(rows.length)(trx, values);
  return rows.map((row) => row.id);
}

/**
 * Gives emails the worker gave up on a fresh set of attempts (after the SMTP server is fixed, say):
 * each failed email, or only those named, becomes pending and due now. Earlier attempts stay in
 * outbox_attempts. Resolves with the ids requeued.
 */
export async function requeueFailedEmails(
  db: Kysely<Database>,
  { ids, now = new Date() }: { ids?: string[]; now?: Date } = {},
): Promise<string[]> {
  let update = db
    .updateTable("outbox_emails")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where("status", "=", "failed");
  if (ids) {
    if (ids.length === 0) return [];
    update = update.where("id", "in", ids);
  }
  const rows = await update.returning("id").execute();
  return rows.map((row) => row.id);
}

/** A value as SQL text Postgres can type inside INSERT … SELECT. */
const text = (value: string | null) => sql<string>`cast(${value} as text)`;

/**
 * Queues a batch's bulk emails (a broadcast: `broadcast_id`) in the caller's transaction, in one
 * INSERT … SELECT from `recipients` (rows of `id` and `to_address`): 100,000 emails never pass
 * through this process. Ids already in the outbox are skipped, so a repeated step adds nothing.
 * They carry no body: the worker asks the hooks' `completeBulk` for it at send time.
 */
export async function enqueueBulkEmails<From, Tables extends keyof From>(
  trx: Kysely<Database>,
  batch: { batchId: string; purpose: string; from: string; replyTo?: string; subject: string },
  recipients: SelectQueryBuilder<From, Tables, { id: string; to_address: string }>,
  { now }: { now: Date },
): Promise<number> {
  const timestamp = now.toISOString();
  const inserted = await trx
    .insertInto("outbox_emails")
    .columns([
      "id",
      "to_address",
      "purpose",
      "broadcast_id",
      "from_address",
      "reply_to",
      "subject",
      "text_body",
      "headers",
      "status",
      "attempts",
      "next_attempt_at",
      "created_at",
    ])
    .expression(
      recipients.select(() => [
        text(batch.purpose).as("purpose"),
        text(batch.batchId).as("broadcast_id"),
        text(batch.from).as("from_address"),
        text(batch.replyTo ?? null).as("reply_to"),
        text(batch.subject).as("subject"),
        text("").as("text_body"),
        text("{}").as("headers"),
        text("pending").as("status"),
        sql<number>`0`.as("attempts"),
        text(timestamp).as("next_attempt_at"),
        text(timestamp).as("created_at"),
      ]),
    )
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0);
}

/** Sets a paused batch's pending emails aside; resolves with how many. */
export async function holdBulkBatch(trx: Kysely<Database>, batchId: string) {
  const held = await trx
    .updateTable("outbox_emails")
    .set({ status: "held" })
    .where("broadcast_id", "=", batchId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(held.numUpdatedRows);
}

/**
 * Makes a resumed batch's held emails due now, with their attempts afresh (none of them went
 * out); resolves with how many.
 */
export async function releaseBulkBatch(trx: Kysely<Database>, batchId: string, now: Date) {
  const released = await trx
    .updateTable("outbox_emails")
    .set({ status: "pending", next_attempt_at: now.toISOString(), attempts: 0 })
    .where("broadcast_id", "=", batchId)
    .where("status", "=", "held")
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/**
 * Makes one held email of a paused batch due now, to find out whether the provider accepts again;
 * resolves with its id (undefined: none is held).
 */
export async function releaseProbeEmail(trx: Kysely<Database>, batchId: string, now: Date) {
  const probe = await trx
    .selectFrom("outbox_emails")
    .select("id")
    .where("broadcast_id", "=", batchId)
    .where("status", "=", "held")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!probe) return undefined;
  await trx
    .updateTable("outbox_emails")
    .set({ status: "pending", next_attempt_at: now.toISOString(), attempts: 0 })
    .where("id", "=", probe.id)
    .where("status", "=", "held")
    .execute();
  return probe.id;
}

/** Cancels every email of a batch that has not gone out yet; resolves with how many. */
export async function cancelBulkBatch(trx: Kysely<Database>, batchId: string, reason: string) {
  const cancelled = await trx
    .updateTable("outbox_emails")
    .set({ status: "cancelled", last_error: reason })
    .where("broadcast_id", "=", batchId)
    .where("status", "in", ["pending", "held"])
    .executeTakeFirst();
  return Number(cancelled.numUpdatedRows);
}

/**
 * Sends again, on the owner's word, one email of any kind that may not have gone out (its sender
 * died mid-send, or its final reply never came), with a fresh set of attempts; resolves with
 * whether it was uncertain. `uncertain_at` stays: the reports still say it was.
 */
export async function resendUncertainEmail(trx: Kysely<Database>, id: string, now: Date) {
  const requeued = await trx
    .updateTable("outbox_emails")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where("id", "=", id)
    .where("status", "=", "uncertain")
    .executeTakeFirst();
  return Number(requeued.numUpdatedRows) > 0;
}

/** What a dismissed uncertain email reads in `last_error`: it counts as sent on the owner's word. */
export const ownerConfirmedNote = "sent (owner confirmed)";

/**
 * Settles, on the owner's word, one email that may not have gone out without sending it again
 * (they know it arrived, or would rather not risk a second copy): it becomes `sent`, dated when it
 * was last in flight, with `ownerConfirmedNote`; `uncertain_at` stays, as for a resent one.
 * Resolves with whether it was uncertain.
 */
export async function dismissUncertainEmail(trx: Kysely<Database>, id: string, now: Date) {
  const settled = await trx
    .updateTable("outbox_emails")
    .set(ownerConfirmed(now))
    .where("id", "=", id)
    .where("status", "=", "uncertain")
    .executeTakeFirst();
  return Number(settled.numUpdatedRows) > 0;
}

/** A batch's emails that may not have gone out, settled as `dismissUncertainEmail` does one. */
export async function dismissUncertainEmails(trx: Kysely<Database>, batchId: string, now: Date) {
  const settled = await trx
    .updateTable("outbox_emails")
    .set(ownerConfirmed(now))
    .where("broadcast_id", "=", batchId)
    .where("status", "=", "uncertain")
    .returning("id")
    .execute();
  return settled.map((row) => row.id);
}

function ownerConfirmed(now: Date) {
  return {
    status: "sent" as const,
    sent_at: sql<string>`coalesce(uncertain_at, ${now.toISOString()})`,
    last_error: ownerConfirmedNote,
    locked_by: null,
    locked_until: null,
  };
}

/**
 * Sends again, on the owner's word, a batch's emails that may not have gone out (their sender
 * died mid-send, or their final reply never came), or only those of them `only` names (a
 * sequence's step); resolves with their ids.
 */
export async function resendUncertainEmails<From, Tables extends keyof From>(
  trx: Kysely<Database>,
  batchId: string,
  now: Date,
  only?: SelectQueryBuilder<From, Tables, { id: string }>,
): Promise<string[]> {
  const requeued = await trx
    .updateTable("outbox_emails")
    .set({
      status: "pending",
      next_attempt_at: now.toISOString(),
      locked_by: null,
      locked_until: null,
    })
    .where("broadcast_id", "=", batchId)
    .where("status", "=", "uncertain")
    .$if(only !== undefined, (query) => query.where("id", "in", only!))
    .returning("id")
    .execute();
  return requeued.map((row) => row.id);
}
