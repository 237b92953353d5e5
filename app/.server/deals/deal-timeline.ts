import { dealStageLabels } from "~/lib/deal-schema";
import type { Db } from "../core/db/database";
import type { OutboxEmailStatus } from "../core/db/schema";
import type { DealTimelineEntry } from "./deal-timeline-entry";
import { proposalTimelineEntries } from "./proposals/proposal-timeline";

export type { DealTimelineEntry } from "./deal-timeline-entry";

/** One source of a deal's timeline. */
type TimelineSource = (db: Db, dealId: string) => Promise<DealTimelineEntry[]>;

/** The contact message the deal was opened from. */
const inquiry: TimelineSource = async (db, dealId) => {
  const message = await db
    .selectFrom("deals")
    .innerJoin("contact_messages", "contact_messages.id", "deals.contact_message_id")
    .select([
      "contact_messages.created_at",
      "contact_messages.first_name",
      "contact_messages.last_name",
      "contact_messages.interest",
      "contact_messages.message",
    ])
    .where("deals.id", "=", dealId)
    .executeTakeFirst();
  if (!message) return [];
  return [
    {
      at: message.created_at,
      kind: "inquiry",
      title: `Inquiry from ${message.first_name} ${message.last_name} (${message.interest})`,
      detail: message.message,
    },
  ];
};

const notes: TimelineSource = async (db, dealId) => {
  const rows = await db
    .selectFrom("deal_notes")
    .select(["created_at", "author", "body"])
    .where("deal_id", "=", dealId)
    .execute();
  return rows.map((row) => ({
    at: row.created_at,
    kind: "note",
    title: `Note by ${row.author}`,
    detail: row.body,
  }));
};

const stageChanges: TimelineSource = async (db, dealId) => {
  const rows = await db
    .selectFrom("deal_stage_changes")
    .select(["changed_at", "from_stage", "to_stage", "lost_reason", "actor"])
    .where("deal_id", "=", dealId)
    .execute();
  return rows.map((row) => ({
    at: row.changed_at,
    kind: "stage",
    title: `Moved from ${dealStageLabels[row.from_stage]} to ${dealStageLabels[row.to_stage]} by ${row.actor}`,
    ...(row.lost_reason ? { detail: `Lost because: ${row.lost_reason}` } : {}),
  }));
};

/** What the outbox says of an email, in the owner's words; gone once its person was erased. */
const deliveryStates: Record<OutboxEmailStatus, string> = {
  pending: "waiting to be sent",
  sending: "being sent",
  sent: "sent",
  failed: "failed (the outbox gave up)",
  cancelled: "cancelled",
  held: "held",
  uncertain: "uncertain (may have been sent)",
};

const emails: TimelineSource = async (db, dealId) => {
  const rows = await db
    .selectFrom("deal_emails")
    .leftJoin("outbox_emails", "outbox_emails.id", "deal_emails.outbox_email_id")
    .select([
      "deal_emails.created_at",
      "deal_emails.to_address",
      "deal_emails.subject",
      "deal_emails.body",
      "outbox_emails.status",
    ])
    .where("deal_emails.deal_id", "=", dealId)
    .execute();
  return rows.map((row) => ({
    at: row.created_at,
    kind: "email",
    title: `Email to ${row.to_address}: “${row.subject}” (${row.status ? deliveryStates[row.status] : "no longer in the outbox"})`,
    detail: row.body,
  }));
};

const sources: TimelineSource[] = [inquiry, notes, stageChanges, emails, proposalTimelineEntries];

/** Everything that happened on a deal, newest first. */
export async function loadDealTimeline(db: Db, dealId: string): Promise<DealTimelineEntry[]> {
  const entries = (await Promise.all(sources.map((source) => source(db, dealId)))).flat();
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}
