import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const browser =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

// One database (decision 327): the endpoint's answers; the writes run on both in beacon-ingestion.
for (const dialect of httpDialects) {
  describe(`the beacon endpoint on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      // Held for a minute: what is in the table was written by the stop, not by the timer.
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        ANALYTICS_FLUSH_INTERVAL_MS: "60000",
        TRUST_PROXY: "loopback",
      });
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    const beacon = (body: string | Blob, headers: Record<string, string> = {}) =>
      fetch(`${server.baseURL}/beacon`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8", "user-agent": browser, ...headers },
        body,
      });
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom("analytics_events")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it("answers a page view with 202 at once, before writing it", async () => {
      const response = await beacon(JSON.stringify({ n: "pageview", u: "/", w: 1280 }));
      expect(response.status).toBe(202);
      expect(await response.text()).toBe("");
      expect(await count()).toBe(0);
    });

    it.each([
      ["oversized", () => beacon("x".repeat(64 * 1024)), 413],
      ["malformed", () => beacon("{not json"), 400],
      [
        "of another type",
        () => beacon("n=pageview", { "content-type": "application/x-www-form-urlencoded" }),
        415,
      ],
      ["not UTF-8", () => beacon(new Blob([new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])])), 400],
      ["with a NUL", () => beacon('{"n":"pageview","u":"/\\u0000"}'), 400],
      ["an unknown event", () => beacon(JSON.stringify({ n: "purchase", u: "/", a: 100 })), 400],
      [
        "from another site",
        () => beacon(JSON.stringify({ n: "pageview", u: "/" }), { origin: "https://evil.example" }),
        403,
      ],
    ])("refuses a beacon %s with a 4xx, never a 5xx", async (_what, send, status) => {
      const response = await send();
      expect(response.status).toBe(status);
    });

    it("answers GET with 405", async () => {
      const response = await fetch(`${server.baseURL}/beacon`);
      expect(response.status).toBe(405);
    });

    it("serves the noscript image", async () => {
      const response = await fetch(`${server.baseURL}/beacon.gif`, {
        headers: { "user-agent": browser, referer: `${server.baseURL}/method` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/gif");
    });

    it("serves a guide as before, counting a browser's download but not a crawler's or a later piece", async () => {
      const guide = `${server.baseURL}/downloads/method-overview.pdf`;
      const downloads: Record<string, string>[] = [
        { "user-agent": browser },
        {
          "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        },
        { "user-agent": browser, range: "bytes=100-199" },
        // A ranged request from its start is a download too, served by Express, not from memory.
        { "user-agent": browser, range: "bytes=0-" },
      ];
      for (const headers of downloads) {
        const response = await fetch(guide, { headers });
        expect(response.ok).toBe(true);
        expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
    });

    it("tells visitors behind the trusted proxy apart by the address it forwards, and answers with the headers a beacon needs", async () => {
      const view = JSON.stringify({ n: "pageview", u: "/proxied" });
      const from = (address: string) => beacon(view, { "x-forwarded-for": address });
      const first = await from("203.0.113.5");
      expect(first.status).toBe(202);
      expect(first.headers.get("x-content-type-options")).toBe("nosniff");
      expect(first.headers.get("cache-control")).toBe("no-store");
      // Another address is another visitor; the first one's second view within seconds is a reload.
      expect((await from("198.51.100.7, 203.0.113.9")).status).toBe(202);
      expect((await from("203.0.113.5")).status).toBe(202);
    });

    it("writes every accepted event when the server stops gracefully", async () => {
      for (const path of ["/book", "/about", "/training"]) {
        expect((await beacon(JSON.stringify({ n: "pageview", u: path }))).status).toBe(202);
      }
      expect(await server.stop()).toBe(0);
      const rows = await database.db
        .selectFrom("analytics_events")
        .select("path")
        .orderBy("path")
        .execute();
      // The first test's page view, the noscript visit, two guide downloads, two proxied
      // visitors' views and these three; nothing refused.
      expect(rows.map((row) => row.path)).toEqual([
        "/",
        "/about",
        "/book",
        "/downloads/method-overview.pdf",
        "/downloads/method-overview.pdf",
        "/method",
        "/proxied",
        "/proxied",
        "/training",
      ]);
      const proxied = await database.db
        .selectFrom("analytics_events")
        .select("visitor")
        .where("path", "=", "/proxied")
        .execute();
      expect(new Set(proxied.map((row) => row.visitor)).size).toBe(2);
      const downloads = await database.db
        .selectFrom("analytics_events")
        .select(["name", "visitor", "item"])
        .where("path", "=", "/downloads/method-overview.pdf")
        .execute();
      expect(downloads).toEqual(
        Array(2).fill({ name: "guide_download", visitor: null, item: "method-overview.pdf" }),
      );
    });
  });
}
