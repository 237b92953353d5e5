import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Db, Trx } from "../../core/db/database";
import { fixedStatement } from "../../core/db/fixed-statement";
import type { Database } from "../../core/db/schema";
import type { AnalyticsAttributionTable } from "../analytics-tables";
import { sourceOf, type VisitSource } from "./visit-source";

/**
 * The leads and sales whose source is kept, and the checkouts opened (the source recorded when an
 * order was opened, which its purchase is credited to, and the funnel's people who started one).
 */
export type Conversion =
  | "checkout_start"
  | "contact_message"
  | "newsletter_signup"
  | "newsletter_confirmation"
  | "waitlist_signup"
  | "order"
  | "booking"
  | "workshop_registration"
  /** A deal moved to won (the pipeline): its value, credited to its inquiry's source. */
  | "deal_won";

export type AttributionRecord = {
  conversion: Conversion;
  /** The converted thing's id: the message, the list membership, the order, the booking. */
  subjectId: string;
  personId: string | null;
  source: VisitSource | undefined;
  amountCents?: number;
  at: Date;
};

const insertAttribution = fixedStatement<Insertable<AnalyticsAttributionTable>>((db, value) =>
  db
    .insertInto("analytics_attributions")
    .values({
      id: value("id"),
      conversion: value("conversion"),
      subject_id: value("subject_id"),
      person_id: value("person_id"),
      landing_path: value("landing_path"),
      referrer_domain: value("referrer_domain"),
      utm_source: value("utm_source"),
      utm_medium: value("utm_medium"),
      utm_campaign: value("utm_campaign"),
      conversion_path: value("conversion_path"),
      amount_cents: value("amount_cents"),
      converted_at: value("converted_at"),
    })
    .onConflict((conflict) => conflict.columns(["conversion", "subject_id"]).doNothing()),
);

/**
 * Keeps where a lead or sale came from, in the transaction that records it. A conversion is kept
 * once (a webhook delivered twice records one); without a source it is kept as direct.
 */
export async function recordAttribution(db: Db | Trx, record: AttributionRecord) {
  const { source } = record;
  await insertAttribution(db, {
    id: randomUUID(),
    conversion: record.conversion,
    subject_id: record.subjectId,
    person_id: record.personId,
    landing_path: source?.landingPath ?? null,
    referrer_domain: source?.referrerDomain ?? null,
    utm_source: source?.utmSource ?? null,
    utm_medium: source?.utmMedium ?? null,
    utm_campaign: source?.utmCampaign ?? null,
    conversion_path: source?.conversionPath ?? null,
    amount_cents: record.amountCents ?? null,
    converted_at: record.at.toISOString(),
  });
}

/**
 * A confirmed list membership is credited to the visit that signed up, not to the confirmation
 * link (opened from an email, in a new tab, with no source of its own).
 */
export async function recordConfirmationAttribution(
  trx: Trx,
  { membershipId, personId, at }: { membershipId: string; personId: string; at: Date },
) {
  const signup = await trx
    .selectFrom("analytics_attributions")
    .selectAll()
    .where("subject_id", "=", membershipId)
    .where("conversion", "in", ["newsletter_signup", "waitlist_signup"])
    .orderBy("converted_at", "desc")
    .executeTakeFirst();
  await recordAttribution(trx, {
    conversion: "newsletter_confirmation",
    subjectId: membershipId,
    personId,
    at,
    source: signup && {
      landingPath: signup.landing_path,
      referrerDomain: signup.referrer_domain,
      utmSource: signup.utm_source,
      utmMedium: signup.utm_medium,
      utmCampaign: signup.utm_campaign,
      conversionPath: signup.conversion_path,
    },
  });
}

const sourceOfRow = (row: {
  landing_path: string | null;
  referrer_domain: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  conversion_path: string | null;
}): VisitSource | undefined =>
  row.landing_path || row.referrer_domain || row.utm_source || row.utm_campaign
    ? {
        landingPath: row.landing_path,
        referrerDomain: row.referrer_domain,
        utmSource: row.utm_source,
        utmMedium: row.utm_medium,
        utmCampaign: row.utm_campaign,
        conversionPath: row.conversion_path,
      }
    : undefined;

/**
 * The source kept with a conversion (a contact message's, say); undefined when none was kept or
 * it was kept as direct.
 */
export async function recordedSourceOf(db: Db | Trx, conversion: Conversion, subjectId: string) {
  const row = await db
    .selectFrom("analytics_attributions")
    .selectAll()
    .where("conversion", "=", conversion)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
  return row && sourceOfRow(row);
}

/** Takes back a conversion that no longer holds (a won deal moved out of won). */
export async function forgetAttribution(db: Db | Trx, conversion: Conversion, subjectId: string) {
  await db
    .deleteFrom("analytics_attributions")
    .where("conversion", "=", conversion)
    .where("subject_id", "=", subjectId)
    .execute();
}

/** The amounts of one kind of conversion, summed by source as the analytics page names them. */
export async function amountsBySource(db: Db, conversion: Conversion) {
  const rows = await db
    .selectFrom("analytics_attributions")
    .select((eb) => [
      "utm_source",
      "referrer_domain",
      eb.fn.count<number>("id").as("count"),
      eb.fn.sum<number>("amount_cents").as("cents"),
    ])
    .where("conversion", "=", conversion)
    .groupBy(["utm_source", "referrer_domain"])
    .execute();
  const sums = new Map<string, { source: string; count: number; cents: number }>();
  for (const row of rows) {
    const source = sourceOf(row.utm_source, row.referrer_domain);
    const sum = sums.get(source) ?? { source, count: 0, cents: 0 };
    sum.count += Number(row.count);
    sum.cents += Number(row.cents ?? 0);
    sums.set(source, sum);
  }
  return [...sums.values()].sort((a, b) => b.cents - a.cents || (a.source < b.source ? -1 : 1));
}

/**
 * The source recorded when an order was opened (its `checkout_start`): what its purchase is
 * credited to, whichever tab or browser finishes it. Undefined when the order was opened before
 * sources were kept with it; `{ source: undefined }` when it was opened without one.
 */
export async function sourceOfOpenedOrder(
  db: Db | Trx,
  orderId: string,
): Promise<{ source: VisitSource | undefined } | undefined> {
  const row = await db
    .selectFrom("analytics_attributions")
    .selectAll()
    .where("conversion", "=", "checkout_start")
    .where("subject_id", "=", orderId)
    .executeTakeFirst();
  return row && { source: sourceOfRow(row) };
}

/**
 * The source of the person's latest checkout opened since `since` that had one: a buyer who comes
 * back in a new tab (or from Stripe, or another browser) and opens a new order is still the visit
 * that brought them, not "(direct)".
 */
export async function latestCheckoutSource(
  db: Db | Trx,
  personId: string,
  since: Date,
): Promise<VisitSource | undefined> {
  const rows = await db
    .selectFrom("analytics_attributions")
    .selectAll()
    .where("conversion", "=", "checkout_start")
    .where("person_id", "=", personId)
    .where("converted_at", ">=", since.toISOString())
    .orderBy("converted_at", "desc")
    .limit(20)
    .execute();
  for (const row of rows) {
    const source = sourceOfRow(row);
    if (source) return source;
  }
  return undefined;
}

/**
 * A person's conversions and their sources, oldest first (the GDPR export, the person's page),
 * each with `source` named as the analytics page names it.
 */
export async function attributionsOfPerson(db: Db | Trx, personId: string) {
  const rows = await db
    .selectFrom("analytics_attributions")
    .select([
      "conversion",
      "converted_at",
      "landing_path",
      "referrer_domain",
      "utm_source",
      "utm_medium",
      "utm_campaign",
      "conversion_path",
      "amount_cents",
    ])
    .where("person_id", "=", personId)
    .orderBy("converted_at")
    .execute();
  return rows.map((row) => ({ ...row, source: sourceOf(row.utm_source, row.referrer_domain) }));
}

/** Erasing a person removes where they came from, in the erasure's transaction. */
export async function eraseAttributionsOfPerson(trx: Kysely<Database>, personId: string) {
  const deleted = await trx
    .deleteFrom("analytics_attributions")
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
