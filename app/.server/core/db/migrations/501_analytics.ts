import type { Kysely } from "kysely";

/**
 * First-party analytics (issue 24): the daily salts visitors are hashed with, the raw events, and
 * where each lead and sale came from. No column holds an IP address, a user agent or a cookie.
 */
export async function up(db: Kysely<unknown>) {
  // One random salt per UTC day, shared by every instance; deleted once its day has ended and no
  // visit has gone on under it for a session's quiet time (`last_used_at`).
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (column) => column.primaryKey())
    .addColumn("salt", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text", (column) => column.notNull())
    .execute();

  await db.schema
    .createTable("analytics_events")
    .addColumn("occurred_at", "text", (column) => column.notNull())
    // 'pageview', 'video_play' (from the page script) or a server-side event ('purchase', ...).
    .addColumn("name", "text", (column) => column.notNull())
    // The salted hash of the day: null for server-side events, which carry no request.
    .addColumn("visitor", "text")
    .addColumn("path", "text", (column) => column.notNull())
    .addColumn("referrer_domain", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    // 'phone', 'tablet' or 'desktop', from the window's width.
    .addColumn("screen", "text")
    // What the event was about: the video's title and id, the guide's file, the product.
    .addColumn("label", "text")
    .addColumn("item", "text")
    .addColumn("amount_cents", "integer")
    .execute();
  await db.schema
    .createIndex("analytics_events_time")
    .on("analytics_events")
    .columns(["occurred_at", "name"])
    .execute();
  // Continuing a visit across midnight looks a visitor's last event up.
  await db.schema
    .createIndex("analytics_events_visitor")
    .on("analytics_events")
    .columns(["visitor", "occurred_at"])
    .execute();

  // A lead's or sale's source, kept with the thing converted (an order, a message...) by id.
  await db.schema
    .createTable("analytics_attributions")
    .addColumn("id", "text", (column) => column.primaryKey())
    // 'contact_message', 'newsletter_confirmation', 'waitlist_signup', 'order', 'booking'.
    .addColumn("conversion", "text", (column) => column.notNull())
    .addColumn("subject_id", "text", (column) => column.notNull())
    .addColumn("person_id", "text")
    .addColumn("landing_path", "text")
    .addColumn("referrer_domain", "text")
    .addColumn("utm_source", "text")
    .addColumn("utm_medium", "text")
    .addColumn("utm_campaign", "text")
    .addColumn("conversion_path", "text")
    .addColumn("amount_cents", "integer")
    .addColumn("converted_at", "text", (column) => column.notNull())
    .addUniqueConstraint("analytics_attributions_once", ["conversion", "subject_id"])
    .execute();
  await db.schema
    .createIndex("analytics_attributions_person")
    .on("analytics_attributions")
    .column("person_id")
    .execute();
  await db.schema
    .createIndex("analytics_attributions_time")
    .on("analytics_attributions")
    .column("converted_at")
    .execute();
}
