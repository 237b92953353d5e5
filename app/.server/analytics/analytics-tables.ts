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

/** The owner's analytics settings (migration 502): one row, 'site'. */
export interface AnalyticsSettingsTable {
  id: string;
  retention_days: number;
  /** JSON array of path prefixes that are not counted. */
  excluded_paths: string;
  updated_at: string;
}

/** The zone the daily rollups are cut in (one row, `site`); none until a day is rolled up. */
export interface AnalyticsDaysZoneTable {
  id: string;
  zone: string;
  /** When the days were last cut in this zone. */
  cut_at: string;
}

/**
 * A rolled-up day's figures. Rolled after the day ended (`rolled_at` past its end and the settling
 * minutes) they are final; before that (today) they are refreshed every minute.
 */
export interface AnalyticsDailyTotalsTable {
  day: string;
  visitors: number;
  page_views: number;
  visits: number;
  visit_seconds: number;
  buy_now_visits: number;
  checkout_starts: number;
  purchases: number;
  revenue_cents: number;
  rolled_at: string;
}

export interface AnalyticsDailyCountsTable {
  day: string;
  dimension: string;
  key: string;
  views: number;
  visitors: number;
}

export interface AnalyticsDailyConversionsTable {
  day: string;
  dimension: string;
  key: string;
  conversions: number;
  revenue_cents: number;
}

/** A finished month whose counts and conversions are summed in the monthly tables. */
export interface AnalyticsRolledMonthTable {
  month: string;
  rolled_at: string;
}

export interface AnalyticsMonthlyCountsTable {
  month: string;
  dimension: string;
  key: string;
  views: number;
  visitors: number;
}

export interface AnalyticsMonthlyConversionsTable {
  month: string;
  dimension: string;
  key: string;
  conversions: number;
  revenue_cents: number;
}

export interface AnalyticsTables {
  analytics_salts: AnalyticsSaltTable;
  analytics_events: AnalyticsEventTable;
  analytics_attributions: AnalyticsAttributionTable;
  analytics_settings: AnalyticsSettingsTable;
  analytics_days_zone: AnalyticsDaysZoneTable;
  analytics_daily_totals: AnalyticsDailyTotalsTable;
  analytics_daily_counts: AnalyticsDailyCountsTable;
  analytics_daily_conversions: AnalyticsDailyConversionsTable;
  analytics_rolled_months: AnalyticsRolledMonthTable;
  analytics_monthly_counts: AnalyticsMonthlyCountsTable;
  analytics_monthly_conversions: AnalyticsMonthlyConversionsTable;
}
