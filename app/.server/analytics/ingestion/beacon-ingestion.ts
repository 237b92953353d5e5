import { isbot } from "isbot";
import type { Clock } from "../../core/clock";
import type { AppConfig } from "../../core/config";
import type { Db } from "../../core/db/database";
import { readAnalyticsSettings } from "../analytics-settings";
import { readBeacon, type Beacon } from "./beacon";
import { notCounted, type CountingSettings, type VisitRequest } from "./counting-rules";
import { DailySalts, visitorHash } from "./daily-salts";
import { sessionQuietMs } from "./sessions";
import { EventBuffer, type EventRow } from "./event-buffer";
import { hitRateLimitBatch } from "../../core/rate-limit";
import { referrerSource } from "./referrer-source";
import { withoutVisit } from "./server-events";
import { withoutSecrets } from "~/lib/secret-paths";

/** A second view of the same page by the same visitor within this time is a reload. */
export const reloadWindowMs = 10_000;
const rateWindowMs = 60_000;
/** Unwritten events held at most (about 5 MB) while the database does not answer. */
const maxPendingEvents = 20_000;
/** The owner's excluded paths are read again after this long: a change applies within it. */
const settingsTtlMs = 30_000;

export type BeaconRequest = VisitRequest & {
  clientAddress: string;
  /** `Origin` and `Sec-Fetch-Site`: a browser says where a request was made from. */
  origin: string | undefined;
  fetchSite: string | undefined;
  /** The request's own `Host`, which a same-origin beacon's `Origin` names. */
  host: string | undefined;
};

export type BeaconOutcome =
  | { status: 202; counted: boolean }
  | { status: 400 | 403; error: string }
  | { status: 429 | 503; error: string; retryAfterSeconds: number };

type IngestionDeps = { db: Db; clock: Clock; config: AppConfig };

/**
 * Receives the page script's beacons (and the no-JavaScript pixel's visits): checks them, decides
 * whether they count, turns the visitor into the day's salted hash and holds the event for the
 * next batch write. It answers without waiting for the database.
 */
export class BeaconIngestion {
  private readonly salts: DailySalts;
  private readonly buffer: EventBuffer;
  private readonly siteHost: string;
  private readonly siteOrigin: string;
  /** When each visitor was last seen here: continues a visit across midnight without a query. */
  private readonly lastSeen = new Map<string, number>();
  /** When a visitor last viewed a page (`visitor path`): a reload within seconds is not a view. */
  private readonly lastView = new Map<string, number>();
  private readonly beaconsInWindow = new Map<string, number>();
  private rateWindow = 0;
  private countingSettings: { settings: CountingSettings; readAt: number } | undefined;

  constructor(private readonly deps: IngestionDeps) {
    this.salts = new DailySalts(deps.db, deps.config.OWNER_TIME_ZONE);
    const site = new URL(deps.config.SITE_URL);
    this.siteHost = site.hostname.toLowerCase();
    this.siteOrigin = site.origin;
    this.buffer = new EventBuffer(deps.db, {
      flushIntervalMs: deps.config.ANALYTICS_FLUSH_INTERVAL_MS,
      maxPending: maxPendingEvents,
      beforeWrite: (rows) => this.sharedChecks(rows),
      afterFlush: () => this.sweep(),
    });
  }

  /** A beacon's body, as read (at most `maxBeaconBytes`), from the page script. */
  async receiveBeacon(body: string, request: BeaconRequest): Promise<BeaconOutcome> {
    if (!this.sameSite(request))
      return { status: 403, error: "Beacons are accepted from the site's own pages only." };
    const reading = readBeacon(body);
    if (!reading.ok) return { status: 400, error: reading.error };
    return this.count(reading.beacon, request);
  }

  /**
   * The `<noscript>` image's request: a page view of the page named by its `Referer` (the image
   * is on it), without the visit's own referrer, which a page without JavaScript cannot tell.
   */
  async receivePixel(request: BeaconRequest & { referer: string | undefined }) {
    let path: string;
    try {
      const page = new URL(request.referer ?? "");
      if (page.host !== request.host && page.origin !== this.siteOrigin)
        return { status: 202, counted: false } as const;
      path = withoutSecrets(page.pathname);
    } catch {
      return { status: 202, counted: false } as const;
    }
    return this.count(
      {
        name: "pageview",
        path,
        referrer: undefined,
        utm: {},
        screen: undefined,
        label: undefined,
        item: undefined,
      },
      request,
    );
  }

  /**
   * What decides whether an event counts: the deployment's settings and the paths the owner
   * excluded in the console, read at most every 30 seconds (not once per beacon).
   */
  private async settingsAt(nowMs: number) {
    if (!this.countingSettings || nowMs - this.countingSettings.readAt > settingsTtlMs) {
      const { excludedPaths } = await readAnalyticsSettings(this.deps.db);
      const settings = {
        honorGlobalPrivacyControl: this.deps.config.ANALYTICS_HONOR_GPC,
        excludedPaths: [...this.deps.config.ANALYTICS_EXCLUDED_PATHS, ...excludedPaths],
      };
      this.countingSettings = { settings, readAt: nowMs };
    }
    return this.countingSettings.settings;
  }

  /**
   * A guide's file served (GET `/downloads/...`): recorded as a `guide_download` server event,
   * without a visitor, since the file is fetched without the page script. Bots are not counted, nor
   * the second part of a ranged download (an audio player asks for a file in pieces).
   */
  receiveDownload(request: VisitRequest & { range: string | undefined }, path: string) {
    if (!request.userAgent || isbot(request.userAgent)) return false;
    if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return false;
    if (request.range && !/^bytes=0-/.test(request.range.trim())) return false;
    return this.buffer.add({
      occurred_at: this.deps.clock.now().toISOString(),
      name: "guide_download",
      ...withoutVisit,
      path,
      item: path.slice(path.lastIndexOf("/") + 1),
      amount_cents: null,
    });
  }

  private sameSite({ origin, fetchSite, host }: BeaconRequest) {
    if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return false;
    if (!origin) return true;
    try {
      const from = new URL(origin);
      return from.origin === this.siteOrigin || from.host === host;
    } catch {
      return false;
    }
  }

  private async count(beacon: Beacon, request: BeaconRequest): Promise<BeaconOutcome> {
    const now = this.deps.clock.now();
    const nowMs = now.getTime();
    if (notCounted(request, beacon.path, await this.settingsAt(nowMs)))
      return { status: 202, counted: false };
    const source = referrerSource(beacon.referrer, this.siteHost);
    if (source.kind === "spam") return { status: 202, counted: false };

    const visitor = await this.visitorAt(now, request);
    if (!this.withinRate(visitor, nowMs)) {
      const retryAfterSeconds = Math.ceil((this.rateWindow + rateWindowMs - nowMs) / 1000);
      return { status: 429, error: "Too many beacons.", retryAfterSeconds };
    }
    this.lastSeen.set(visitor, nowMs);
    if (beacon.name === "pageview") {
      const viewKey = `${visitor} ${beacon.path}`;
      const previous = this.lastView.get(viewKey);
      this.lastView.set(viewKey, nowMs);
      if (previous !== undefined && nowMs - previous < reloadWindowMs)
        return { status: 202, counted: false };
    }
    const held = this.buffer.add({
      occurred_at: now.toISOString(),
      name: beacon.name,
      visitor,
      path: beacon.path,
      referrer_domain: source.kind === "external" ? source.domain : null,
      utm_source: beacon.utm.source ?? null,
      utm_medium: beacon.utm.medium ?? null,
      utm_campaign: beacon.utm.campaign ?? null,
      screen: beacon.screen ?? null,
      label: beacon.label ?? null,
      item: beacon.item ?? null,
      amount_cents: null,
    });
    if (!held) return { status: 503, error: "Analytics is catching up.", retryAfterSeconds: 5 };
    return { status: 202, counted: true };
  }

  /**
   * The visitor's hash under today's salt, or under yesterday's if that visitor was seen in the
   * last half hour (here or by another instance): a visit going on across midnight stays one visit.
   */
  private async visitorAt(now: Date, request: BeaconRequest) {
    const salts = await this.salts.saltsAt(now);
    const since = now.getTime() - sessionQuietMs;
    const today = visitorHash(salts.today, this.siteHost, request);
    let chosen = { visitor: today, day: salts.today.day };
    if (salts.yesterday && !this.lastSeen.has(today)) {
      const before = visitorHash(salts.yesterday, this.siteHost, request);
      if (await this.seenSince(before, since))
        chosen = { visitor: before, day: salts.yesterday.day };
    }
    this.salts.markUsed(chosen.day, now);
    return chosen.visitor;
  }

  private async seenSince(visitor: string, since: number) {
    const seenHere = this.lastSeen.get(visitor);
    if (seenHere !== undefined) return seenHere >= since;
    const seenElsewhere = await this.deps.db
      .selectFrom("analytics_events")
      .select("occurred_at")
      .where("visitor", "=", visitor)
      .where("occurred_at", ">=", new Date(since).toISOString())
      .limit(1)
      .executeTakeFirst();
    return seenElsewhere !== undefined;
  }

  private withinRate(visitor: string, nowMs: number) {
    const window = Math.floor(nowMs / rateWindowMs) * rateWindowMs;
    if (window !== this.rateWindow) {
      this.rateWindow = window;
      this.beaconsInWindow.clear();
    }
    const sent = (this.beaconsInWindow.get(visitor) ?? 0) + 1;
    this.beaconsInWindow.set(visitor, sent);
    return sent <= this.deps.config.ANALYTICS_VISITOR_RATE_LIMIT;
  }

  /**
   * The rate limit and the reload check across instances, once per batch: each instance checks
   * its own beacons at once in memory (and answers 429 from it); here a visitor's beacons spread
   * over instances count against one shared limit (`core/rate-limit`), and a page view repeating
   * within seconds one another instance has written is dropped.
   */
  private async sharedChecks(rows: EventRow[]): Promise<EventRow[]> {
    // Counted in the minute each event arrived in (a batch may straddle two).
    const windowOf = (row: EventRow) =>
      Math.floor(Date.parse(row.occurred_at) / rateWindowMs) * rateWindowMs;
    const perWindow = new Map<number, Map<string, number>>();
    for (const row of rows) {
      if (!row.visitor) continue;
      const window = windowOf(row);
      let hits = perWindow.get(window);
      if (!hits) perWindow.set(window, (hits = new Map()));
      hits.set(row.visitor, (hits.get(row.visitor) ?? 0) + 1);
    }
    const allowance = new Map<string, number>();
    for (const [window, hits] of perWindow) {
      const within = await hitRateLimitBatch(this.deps.db, {
        bucket: "analytics-beacons",
        hits,
        limit: this.deps.config.ANALYTICS_VISITOR_RATE_LIMIT,
        windowMs: rateWindowMs,
        now: new Date(window),
      });
      for (const [visitor, allowed] of within) allowance.set(`${window} ${visitor}`, allowed);
    }
    const written = await this.recentViews(
      rows.filter((row) => row.visitor && row.name === "pageview"),
    );
    return rows.filter((row) => {
      if (!row.visitor) return true;
      const key = `${windowOf(row)} ${row.visitor}`;
      const left = allowance.get(key) ?? 0;
      allowance.set(key, left - 1);
      if (left <= 0) return false;
      if (row.name !== "pageview") return true;
      const at = Date.parse(row.occurred_at);
      return !(written.get(`${row.visitor} ${row.path}`) ?? []).some(
        (before) => before < at && at - before < reloadWindowMs,
      );
    });
  }

  /** When the batch's visitors' page views of the last seconds were written, by visitor and path. */
  private async recentViews(views: EventRow[]) {
    const seen = new Map<string, number[]>();
    if (views.length === 0) return seen;
    const since = new Date(
      Math.min(...views.map((row) => Date.parse(row.occurred_at))) - reloadWindowMs,
    ).toISOString();
    const visitors = [...new Set(views.map((row) => row.visitor!))];
    for (let start = 0; start < visitors.length; start += 500) {
      const found = await this.deps.db
        .selectFrom("analytics_events")
        .select(["visitor", "path", "occurred_at"])
        .where("visitor", "in", visitors.slice(start, start + 500))
        .where("occurred_at", ">=", since)
        .where("name", "=", "pageview")
        .execute();
      for (const row of found) {
        const key = `${row.visitor} ${row.path}`;
        seen.set(key, [...(seen.get(key) ?? []), Date.parse(row.occurred_at)]);
      }
    }
    return seen;
  }

  /** Forgets visitors quiet for longer than a session, and deletes salts no visit can use. */
  private async sweep() {
    const now = this.deps.clock.now();
    const nowMs = now.getTime();
    for (const [visitor, at] of this.lastSeen)
      if (nowMs - at > sessionQuietMs) this.lastSeen.delete(visitor);
    for (const [view, at] of this.lastView)
      if (nowMs - at >= reloadWindowMs) this.lastView.delete(view);
    await this.salts.sweep(now);
  }

  /** Writes the held events now (tests, and the stop). */
  flush() {
    return this.buffer.flush();
  }

  /** Writes what is held and stops the timer: the last step before the database closes. */
  stop() {
    return this.buffer.stop();
  }
}
