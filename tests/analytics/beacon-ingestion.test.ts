import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BeaconIngestion, saveAnalyticsSettings } from "~/.server/analytics";
import {
  analyticsConfig,
  analyticsSite,
  clearAnalytics,
  pageviewBeacon,
  readerBrowser,
  readerVisit,
} from "../../support/analytics-visits";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

for (const dialect of allDialects) {
  describe(`analytics ingestion on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let ingestion: BeaconIngestion;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      await clearAnalytics(database.db);
      clock = new ManualClock("2026-11-21T12:00:00.000Z");
      ingestion = new BeaconIngestion({ db: database.db, clock, config: analyticsConfig() });
    });
    afterEach(() => ingestion.stop());

    async function stored() {
      await ingestion.flush();
      return database.db
        .selectFrom("analytics_events")
        .selectAll()
        .orderBy("occurred_at")
        .execute();
    }

    it("stores a page view with its campaign, referrer domain and screen class, and no address or user agent", async () => {
      const outcome = await ingestion.receiveBeacon(
        pageviewBeacon("/method?utm_source=newsletter&utm_medium=email&utm_campaign=spring&q=x", {
          r: "https://www.linkedin.com/feed/",
          w: 390,
        }),
        readerVisit(),
      );
      expect(outcome).toEqual({ status: 202, counted: true });
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: "pageview",
        path: "/method",
        referrer_domain: "linkedin.com",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "spring",
        screen: "phone",
      });
      const text = JSON.stringify(rows);
      expect(text).not.toContain("203.0.113.7");
      expect(text).not.toContain("Safari");
    });

    it("writes nothing until the batch is flushed, and everything held when it stops", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/"), readerVisit());
      await ingestion.receiveBeacon(pageviewBeacon("/book"), readerVisit());
      const before = await database.db.selectFrom("analytics_events").selectAll().execute();
      expect(before).toHaveLength(0);
      await ingestion.stop();
      const after = await database.db.selectFrom("analytics_events").selectAll().execute();
      expect(after.map((row) => row.path).sort()).toEqual(["/", "/book"]);
    });

    it("counts one visitor for one address and browser, and another for a different browser", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/"), readerVisit());
      clock.advance(60_000);
      await ingestion.receiveBeacon(pageviewBeacon("/method"), readerVisit());
      await ingestion.receiveBeacon(
        pageviewBeacon("/"),
        readerVisit({ userAgent: readerBrowser.replace("17.5", "18.0") }),
      );
      const visitors = new Set((await stored()).map((row) => row.visitor));
      expect(visitors.size).toBe(2);
    });

    it("does not count a reload within seconds, but does count the page seen again later", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/book"), readerVisit());
      clock.advance(3_000);
      expect(await ingestion.receiveBeacon(pageviewBeacon("/book"), readerVisit())).toEqual({
        status: 202,
        counted: false,
      });
      clock.advance(60_000);
      await ingestion.receiveBeacon(pageviewBeacon("/book"), readerVisit());
      expect(await stored()).toHaveLength(2);
    });

    it.each([
      [
        "a crawler",
        { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      ],
      [
        "a headless browser",
        { userAgent: readerBrowser.replace("Version/17.5 Safari", "HeadlessChrome/131.0 Safari") },
      ],
      ["Lighthouse", { userAgent: `${readerBrowser} Chrome-Lighthouse` }],
      ["no user agent", { userAgent: undefined }],
      ["a prerender", { purpose: "prefetch;prerender" }],
      ["Global Privacy Control", { globalPrivacyControl: "1" }],
    ])("does not count %s", async (_what, overrides) => {
      const outcome = await ingestion.receiveBeacon(pageviewBeacon("/"), readerVisit(overrides));
      expect(outcome).toEqual({ status: 202, counted: false });
      expect(await stored()).toHaveLength(0);
    });

    it("counts a Global Privacy Control browser when the setting says so", async () => {
      ingestion = new BeaconIngestion({
        db: database.db,
        clock,
        config: analyticsConfig({ ANALYTICS_HONOR_GPC: "false" }),
      });
      await ingestion.receiveBeacon(
        pageviewBeacon("/"),
        readerVisit({ globalPrivacyControl: "1" }),
      );
      expect(await stored()).toHaveLength(1);
    });

    it("keeps a secret link's page as its route's pattern, and any other page as its path", async () => {
      const pages = [
        "/booking/session/b.secret-one",
        "/lists/waitlist/confirm/l.secret-two",
        "/booking/feed/f-secret-three.ics",
        "/articles/why-sales-training-fails",
        "/newsletter/a-letter",
      ];
      for (const [index, page] of pages.entries()) {
        clock.advance(1_000);
        const visit = readerVisit({ clientAddress: `203.0.113.${10 + index}` });
        expect(await ingestion.receiveBeacon(pageviewBeacon(page), visit)).toMatchObject({
          counted: true,
        });
      }
      await ingestion.receivePixel({
        ...readerVisit({ clientAddress: "203.0.113.30" }),
        referer: `${analyticsSite}/foundations-program/cancel/c.secret-four`,
      });
      expect((await stored()).map((row) => row.path)).toEqual([
        "/booking/session/:token",
        "/lists/waitlist/confirm/:token",
        "/booking/feed/:file",
        "/articles/why-sales-training-fails",
        "/newsletter/a-letter",
        "/foundations-program/cancel/:token",
      ]);
    });

    it("does not count the owner's console or an excluded path", async () => {
      ingestion = new BeaconIngestion({
        db: database.db,
        clock,
        config: analyticsConfig({ ANALYTICS_EXCLUDED_PATHS: "/drafts" }),
      });
      for (const path of ["/admin", "/admin/people", "/drafts/next-letter", "/drafts"])
        expect(await ingestion.receiveBeacon(pageviewBeacon(path), readerVisit())).toEqual({
          status: 202,
          counted: false,
        });
      await ingestion.receiveBeacon(pageviewBeacon("/draftsman"), readerVisit());
      expect((await stored()).map((row) => row.path)).toEqual(["/draftsman"]);
    });

    it("does not count a path the owner excluded in the console, once the setting is read again", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/thank-you"), readerVisit());
      await saveAnalyticsSettings(
        { db: database.db, clock },
        { retentionDays: "90", excludedPaths: "/thank-you", actor: "owner@example.com" },
      );
      // Read at most every 30 seconds: each instance picks the change up within that.
      clock.advance(31_000);
      expect(await ingestion.receiveBeacon(pageviewBeacon("/thank-you"), readerVisit())).toEqual({
        status: 202,
        counted: false,
      });
      await ingestion.receiveBeacon(pageviewBeacon("/method"), readerVisit());
      expect((await stored()).map((row) => row.path)).toEqual(["/thank-you", "/method"]);
    });

    it("drops a visit referred by a domain on the referrer-spam list", async () => {
      for (const r of ["https://0-0.fr/", "http://sub.01casino-x.ru/page"])
        expect(await ingestion.receiveBeacon(pageviewBeacon("/", { r }), readerVisit())).toEqual({
          status: 202,
          counted: false,
        });
      expect(await stored()).toHaveLength(0);
    });

    it("never takes the site itself or the payment provider for a referrer", async () => {
      await ingestion.receiveBeacon(
        pageviewBeacon("/", { r: `${analyticsSite}/book` }),
        readerVisit(),
      );
      clock.advance(20_000);
      await ingestion.receiveBeacon(
        pageviewBeacon("/payment-success", { r: "https://checkout.stripe.com/c/pay/cs_1" }),
        readerVisit(),
      );
      expect((await stored()).map((row) => row.referrer_domain)).toEqual([null, null]);
    });

    it("records a video play with the video's title and id", async () => {
      await ingestion.receiveBeacon(
        JSON.stringify({
          n: "video_play",
          u: "/method",
          t: "The method in 4 minutes",
          i: "dQw4w9WgXcQ",
        }),
        readerVisit(),
      );
      expect(await stored()).toMatchObject([
        {
          name: "video_play",
          path: "/method",
          label: "The method in 4 minutes",
          item: "dQw4w9WgXcQ",
        },
      ]);
    });

    it.each([
      ["not JSON", "{n:"],
      ["an array", "[]"],
      ["an unknown event", JSON.stringify({ n: "purchase", u: "/" })],
      [
        "a server-side event forged by a browser",
        JSON.stringify({ n: "newsletter_signup", u: "/" }),
      ],
      ["an extra field", JSON.stringify({ n: "pageview", u: "/", amount: 1 })],
      ["an absolute URL", JSON.stringify({ n: "pageview", u: "https://elsewhere.example/" })],
      ["a protocol-relative URL", JSON.stringify({ n: "pageview", u: "//elsewhere.example/" })],
      ["a control character in the path", JSON.stringify({ n: "pageview", u: "/a\u0007b" })],
      [
        "a control character in the referrer",
        JSON.stringify({ n: "pageview", u: "/", r: "https://a.example/\u001b[2J" }),
      ],
      [
        "a referrer of absurd length",
        JSON.stringify({ n: "pageview", u: "/", r: `https://a.example/${"x".repeat(3000)}` }),
      ],
      [
        "a campaign of absurd length",
        JSON.stringify({ n: "pageview", u: `/?utm_campaign=${"x".repeat(300)}` }),
      ],
      [
        "a campaign with a control character",
        JSON.stringify({ n: "pageview", u: "/?utm_source=a%0Ab" }),
      ],
      ["a width that is not a number", JSON.stringify({ n: "pageview", u: "/", w: "wide" })],
      ["a video without its id", JSON.stringify({ n: "video_play", u: "/", t: "Title" })],
      [
        "a video id with markup",
        JSON.stringify({ n: "video_play", u: "/", t: "T", i: "<script>" }),
      ],
    ])("refuses %s with a 400 and stores nothing", async (_what, body) => {
      const outcome = await ingestion.receiveBeacon(body, readerVisit());
      expect(outcome.status).toBe(400);
      expect(await stored()).toHaveLength(0);
    });

    it("refuses a beacon sent from another site with a 403", async () => {
      for (const forged of [
        readerVisit({ origin: "https://evil.example", fetchSite: undefined }),
        readerVisit({ fetchSite: "cross-site" }),
      ])
        expect((await ingestion.receiveBeacon(pageviewBeacon("/"), forged)).status).toBe(403);
      expect(await stored()).toHaveLength(0);
    });

    it("shares the per-visitor limit between instances through the database", async () => {
      const config = analyticsConfig({ ANALYTICS_VISITOR_RATE_LIMIT: "3" });
      ingestion = new BeaconIngestion({ db: database.db, clock, config });
      const other = new BeaconIngestion({ db: database.db, clock, config });
      try {
        // Each instance alone allows these; together they are one over the limit.
        for (const path of ["/a", "/b"])
          expect((await ingestion.receiveBeacon(pageviewBeacon(path), readerVisit())).status).toBe(
            202,
          );
        await ingestion.flush();
        for (const path of ["/c", "/d"])
          expect((await other.receiveBeacon(pageviewBeacon(path), readerVisit())).status).toBe(202);
        await other.flush();
        expect((await stored()).map((row) => row.path)).toEqual(["/a", "/b", "/c"]);
      } finally {
        await other.stop();
      }
    });

    it("drops a reload that lands on another instance within seconds, not a later view", async () => {
      const other = new BeaconIngestion({ db: database.db, clock, config: analyticsConfig() });
      try {
        await ingestion.receiveBeacon(pageviewBeacon("/method"), readerVisit());
        await ingestion.flush();
        clock.advance(3_000);
        await other.receiveBeacon(pageviewBeacon("/method"), readerVisit());
        await other.flush();
        clock.advance(15_000);
        await other.receiveBeacon(pageviewBeacon("/method"), readerVisit());
        await other.flush();
        expect(await stored()).toHaveLength(2);
      } finally {
        await other.stop();
      }
    });

    it("limits the beacons of one visitor per minute, and not the others'", async () => {
      ingestion = new BeaconIngestion({
        db: database.db,
        clock,
        config: analyticsConfig({ ANALYTICS_VISITOR_RATE_LIMIT: "3" }),
      });
      const paths = ["/a", "/b", "/c", "/d"];
      const outcomes = [];
      for (const path of paths)
        outcomes.push(await ingestion.receiveBeacon(pageviewBeacon(path), readerVisit()));
      expect(outcomes.map((outcome) => outcome.status)).toEqual([202, 202, 202, 429]);
      expect(
        (
          await ingestion.receiveBeacon(
            pageviewBeacon("/a"),
            readerVisit({ clientAddress: "198.51.100.2" }),
          )
        ).status,
      ).toBe(202);
      clock.advance(60_000);
      expect((await ingestion.receiveBeacon(pageviewBeacon("/e"), readerVisit())).status).toBe(202);
      expect(await stored()).toHaveLength(5);
    });

    it("counts a noscript visit for the page its image is on", async () => {
      await ingestion.receivePixel({ ...readerVisit(), referer: `${analyticsSite}/resources?x=1` });
      await ingestion.receivePixel({
        ...readerVisit({ clientAddress: "198.51.100.9" }),
        referer: "https://evil.example/",
      });
      expect((await stored()).map((row) => row.path)).toEqual(["/resources"]);
    });
  });
}
