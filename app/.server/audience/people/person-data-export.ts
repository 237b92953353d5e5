import { containsText } from "../../core/db/contains-text";
import type { Db } from "../../core/db/database";
import { emailLimitKey } from "../../core/rate-limit";
import { columnsNamingPeople, withRenderedBodies } from "../../mail";
import { findPersonRecord } from "./person-record";

/**
 * Everything the site keeps about one person, for an access request: their record, memberships,
 * messages and orders (with their download links), their deals and their timelines, the broadcasts sent to them, every email in
 * the outbox that names them (bodies included: the owner's notifications too), the rate-limit
 * counts kept under their address and, for an owner, their sign-in records. What an erasure
 * removes, read instead of deleted.
 */
export async function personDataExport(db: Db, id: string) {
  const record = await findPersonRecord(db, id);
  if (!record) return undefined;
  const { person } = record;
  const texts = [...new Set([person.email_key, person.email])];
  const orderIds = record.orders.map((order) => order.id);
  const [
    emails,
    downloadLinks,
    broadcastDeliveries,
    rateLimits,
    adminSessions,
    adminPasskeys,
    deals,
    proposals,
  ] = await Promise.all([
    db
      .selectFrom("outbox_emails")
      .selectAll()
      .where((eb) =>
        eb.or(
          texts.flatMap((text) => columnsNamingPeople.map((column) => containsText(column, text))),
        ),
      )
      .orderBy("created_at")
      .execute(),
    orderIds.length === 0
      ? []
      : db.selectFrom("download_links").selectAll().where("order_id", "in", orderIds).execute(),
    db
      .selectFrom("broadcast_deliveries")
      .innerJoin("broadcasts", "broadcasts.id", "broadcast_deliveries.broadcast_id")
      .select([
        "broadcasts.subject",
        "broadcast_deliveries.created_at",
        "broadcast_deliveries.unsubscribed_at",
      ])
      // Named by broadcast, a probe of the (broadcast_id, person_id) key each: deliveries carry
      // no person index, which queueing would write for every reader (migration 325).
      .where("broadcast_deliveries.broadcast_id", "in", db.selectFrom("broadcasts").select("id"))
      .where("broadcast_deliveries.person_id", "=", id)
      .execute(),
    db
      .selectFrom("rate_limit_windows")
      .selectAll()
      .where("client_key", "=", emailLimitKey(person.email))
      .execute(),
    db
      .selectFrom("admin_sessions")
      .select(["created_at", "last_seen_at", "expires_at", "revoked_at"])
      .where("email", "=", person.email_key)
      .execute(),
    db
      .selectFrom("admin_passkeys")
      .select(["id", "created_at", "last_used_at"])
      .where("email", "=", person.email_key)
      .execute(),
    // The pipeline's deals with them (above audience, read here as a table).
    db.selectFrom("deals").selectAll().where("person_id", "=", id).orderBy("created_at").execute(),
    // Every version of the proposals on those deals, with their views and acceptance.
    db
      .selectFrom("deal_proposals")
      .selectAll()
      .where("deal_id", "in", db.selectFrom("deals").select("id").where("person_id", "=", id))
      .orderBy("created_at")
      .execute(),
  ]);
  // Their deals' timelines: the owner's notes, emails written to them, stage changes.
  const dealIds = deals.map((deal) => deal.id);
  const none = dealIds.length === 0;
  const [dealNotes, dealEmails, dealStageChanges] = await Promise.all([
    none ? [] : db.selectFrom("deal_notes").selectAll().where("deal_id", "in", dealIds).execute(),
    none ? [] : db.selectFrom("deal_emails").selectAll().where("deal_id", "in", dealIds).execute(),
    none
      ? []
      : db.selectFrom("deal_stage_changes").selectAll().where("deal_id", "in", dealIds).execute(),
  ]);
  return {
    ...record,
    // Bodies as sent: an email queued as a template and its data is rendered for the export.
    emails: await Promise.all(emails.map(withRenderedBodies)),
    downloadLinks,
    broadcastDeliveries,
    rateLimits,
    admin: { sessions: adminSessions, passkeys: adminPasskeys },
    deals,
    dealNotes,
    dealEmails,
    dealStageChanges,
    proposals,
  };
}
