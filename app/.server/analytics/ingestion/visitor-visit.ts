import type { Clock } from "../../core/clock";
import type { Db, Trx } from "../../core/db/database";
import { addDays } from "../../core/zoned-time";
import { ownerDay, visitorHash } from "./daily-salts";
import { sessionQuietMs } from "./sessions";
import {
  attributionAllowed,
  readVisitSource,
  type AttributionDeps,
  type VisitSource,
} from "./visit-source";

/** Page views read back at most: a visit longer than this is credited from its latest part. */
const maxViewsRead = 500;

export type VisitorRequest = { clientAddress: string; userAgent: string | undefined };

/**
 * The source of the visit this request's visitor is on now, read from the page views the beacon
 * counted under today's (or yesterday's) salted hash: the same visitor in any tab, with no cookie
 * and nothing stored in the browser. Its source is its latest campaign page view, else its first
 * page view's referrer; undefined when the visitor has no visit going on or it came direct.
 */
export async function currentVisitSource(
  db: Db | Trx,
  { now, siteUrl, zone }: { now: Date; siteUrl: string; zone: string },
  request: VisitorRequest,
): Promise<VisitSource | undefined> {
  const today = ownerDay(now, zone);
  const days = [today, addDays(today, -1)];
  const salts = await db
    .selectFrom("analytics_salts")
    .select(["day", "salt"])
    .where("day", "in", days)
    .execute();
  if (salts.length === 0) return undefined;
  const siteHost = new URL(siteUrl).hostname.toLowerCase();
  const visitors = salts.map((salt) => visitorHash(salt, siteHost, request));
  const views = await db
    .selectFrom("analytics_events")
    .select(["occurred_at", "path", "referrer_domain", "utm_source", "utm_medium", "utm_campaign"])
    .where("visitor", "in", visitors)
    .where("name", "=", "pageview")
    .where("occurred_at", "<=", now.toISOString())
    .where("occurred_at", ">=", new Date(now.getTime() - 86_400_000).toISOString())
    .orderBy("occurred_at", "desc")
    .limit(maxViewsRead)
    .execute();
  // The visit going on: the latest views, back to the first quiet gap of a session's length.
  const visit: typeof views = [];
  let after = now.getTime();
  for (const view of views) {
    const at = Date.parse(view.occurred_at);
    if (after - at > sessionQuietMs) break;
    visit.push(view);
    after = at;
  }
  const campaign = visit.find((view) => view.utm_source || view.utm_campaign);
  const first = visit.at(-1);
  const origin = campaign ?? (first?.referrer_domain ? first : undefined);
  if (!origin) return undefined;
  return {
    landingPath: origin.path,
    referrerDomain: origin.referrer_domain,
    utmSource: origin.utm_source,
    utmMedium: origin.utm_medium,
    utmCampaign: origin.utm_campaign,
    conversionPath: null,
  };
}

/**
 * The source a lead or sale is credited to: the form's own (the tab's visit, from its hidden
 * `attribution` field) when it names a referrer or campaign, else the source of the visitor's
 * visit going on in any tab (an order placed in a new tab is not "(direct)"), else the form's
 * direct visit. None under Global Privacy Control.
 */
export async function visitSourceOf(
  field: unknown,
  deps: AttributionDeps & { db: Db | Trx; clock: Clock; userAgent?: string },
  clientAddress: string,
): Promise<VisitSource | undefined> {
  const fromForm = readVisitSource(field, deps);
  if (!attributionAllowed(deps)) return undefined;
  if (fromForm?.referrerDomain || fromForm?.utmSource || fromForm?.utmCampaign) return fromForm;
  const fromVisitor = await currentVisitSource(
    deps.db,
    { now: deps.clock.now(), siteUrl: deps.config.SITE_URL, zone: deps.config.OWNER_TIME_ZONE },
    { clientAddress, userAgent: deps.userAgent },
  );
  if (!fromVisitor) return fromForm;
  return { ...fromVisitor, conversionPath: fromForm?.conversionPath ?? null };
}
