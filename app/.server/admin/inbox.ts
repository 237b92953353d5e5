import type { Clock } from "../core/clock";
import type { Db } from "../core/db/database";
import { inBatches } from "../core/db/in-batches";
import { pageWithTotal } from "../core/db/page-with-total";
import type { InboxStatus } from "~/lib/admin-statuses";
import { recordAdminAction } from "../core/audit-log";

export const inboxPageSize = 25;

/** What the inbox shows of a message and the CSV carries, in the CSV's column order. */
export const messageExportColumns = [
  "created_at",
  "status",
  "interest",
  "first_name",
  "last_name",
  "email",
  "company",
  "message",
] as const;

export type InboxFilter = {
  status?: InboxStatus;
  interest?: string;
  /** 1-based. */
  page: number;
};

/** Contact messages newest first, one page of them, and how many match in all. */
function filteredMessages(db: Db, filter: Omit<InboxFilter, "page">) {
  let query = db.selectFrom("contact_messages");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.interest) query = query.where("interest", "=", filter.interest);
  return query;
}

export async function listInboxMessages(db: Db, filter: InboxFilter) {
  const { rows, total } = await pageWithTotal(
    filteredMessages(db, filter),
    (query) =>
      query
        .select(["id", ...messageExportColumns])
        .orderBy("created_at", "desc")
        .orderBy("id", "desc"),
    { page: filter.page, pageSize: inboxPageSize },
  );
  return { messages: rows, total };
}

export async function findInboxMessage(db: Db, id: string) {
  return db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countNewMessages(db: Db) {
  const { count } = await db
    .selectFrom("contact_messages")
    .where("status", "=", "new")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Moves a message along new → replied → archived (or back), recorded in the audit log. */
export async function changeMessageStatus(
  { db, clock }: { db: Db; clock: Clock },
  { id, status, actor }: { id: string; status: InboxStatus; actor: string },
): Promise<"changed" | "not-found"> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("contact_messages")
      .set({ status, status_changed_at: now.toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return "not-found";
    await recordAdminAction(trx, {
      actor,
      action: "inbox.status",
      subject: id,
      detail: { status },
      now,
    });
    return "changed";
  });
}

/** Every message matching the filter, for the CSV export. */
export function messagesForExport(db: Db, filter: Omit<InboxFilter, "page">) {
  return inBatches((lastId, size) => {
    let query = filteredMessages(db, filter)
      .select(["id", ...messageExportColumns])
      .orderBy("id")
      .limit(size);
    if (lastId) query = query.where("id", ">", lastId);
    return query.execute();
  });
}
