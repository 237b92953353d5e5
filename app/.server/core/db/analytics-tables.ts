/** The analytics tables (migrations 501–519), part of the Database interface in schema.ts. */

export interface AnalyticsSaltTable {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  salt: string;
  created_at: string;
  /** The last time an event was counted under it (written per batch). */
  last_used_at: string;
}

export interface AnalyticsEventTable {
  occurred_at: string;
  name: string;
  visitor: string | null;
  path: string;
  referrer_domain: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  screen: string | null;
  label: string | null;
  item: string | null;
  amount_cents: number | null;
}

export interface AnalyticsAttributionTable {
  id: string;
  conversion: string;
  subject_id: string;
  person_id: string | null;
  landing_path: string | null;
  referrer_domain: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  conversion_path: string | null;
  amount_cents: number | null;
  converted_at: string;
}

export interface AnalyticsTables {
  analytics_salts: AnalyticsSaltTable;
  analytics_events: AnalyticsEventTable;
  analytics_attributions: AnalyticsAttributionTable;
}
