import type { BeaconRequest } from "~/.server/analytics";
import { parseConfig, type AppConfig } from "~/.server/core/config";
import type { Db } from "~/.server/core/db/database";

/** The site the analytics tests count visits to. */
export const analyticsSite = "https://presence.example";

/** The settings of an ingestion that writes only when flushed (or stopped) by the test. */
export function analyticsConfig(overrides: Record<string, string> = {}): AppConfig {
  return parseConfig({
    SITE_URL: analyticsSite,
    ANALYTICS_FLUSH_INTERVAL_MS: "60000",
    ...overrides,
  });
}

/** The reader's browser (not a bot by `isbot`'s list). */
export const readerBrowser =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

/** A reader's browser on the site's own page: the request facts a beacon arrives with. */
export function readerVisit(overrides: Partial<BeaconRequest> = {}): BeaconRequest {
  return {
    clientAddress: "203.0.113.7",
    userAgent: readerBrowser,
    globalPrivacyControl: undefined,
    purpose: undefined,
    origin: analyticsSite,
    fetchSite: "same-origin",
    host: new URL(analyticsSite).host,
    ...overrides,
  };
}

/** A page view's beacon body, as the page script sends it. */
export const pageviewBeacon = (u: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ n: "pageview", u, w: 1280, ...extra });

/** Empties what an ingestion writes or reads, so each test starts with no visitors and no salts. */
export async function clearAnalytics(db: Db) {
  await db.deleteFrom("analytics_events").execute();
  await db.deleteFrom("analytics_salts").execute();
  await db.deleteFrom("analytics_settings").execute();
  await db.deleteFrom("rate_limit_windows").execute();
}
