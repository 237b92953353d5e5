import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { mailgunWebhook, type SignedWebhook } from "../../support/provider-webhooks";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const MAILGUN_KEY = "key-mailgun-signing-for-the-tests";
// The ports this suite's servers listen on (one per dialect, reserved for it).
const ports = { sqlite: 4211, postgres: 4212 } as const;

for (const dialect of allDialects) {
  describe(`provider webhooks through the built server on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      server = await startBuiltServer({
        PORT: String(ports[dialect]),
        DATABASE_URL: database.url,
        MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
        LOG_LEVEL: "debug",
      });
      const now = new Date().toISOString();
      await database.db
        .insertInto("people")
        .values({
          id: crypto.randomUUID(),
          email: "reader@example.com",
          email_key: "reader@example.com",
          first_name: null,
          last_name: null,
          source: "/signup",
          first_seen_at: now,
          last_seen_at: now,
          bounced_at: null,
          bounce_reason: null,
        })
        .execute();
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    const post = (provider: string, { headers, body }: SignedWebhook) =>
      fetch(`${server.baseURL}/webhooks/email/${provider}`, { method: "POST", headers, body });
    const bounced = () =>
      database.db
        .selectFrom("people")
        .select(["bounced_at", "bounce_reason"])
        .where("email_key", "=", "reader@example.com")
        .executeTakeFirstOrThrow();
    const eventCount = async () =>
      (await database.db.selectFrom("delivery_events").select("id").execute()).length;

    it("Mailgun: refuses forged, stale and unsigned bodies, hears a signed bounce once", async () => {
      const forged = await post(
        "mailgun",
        mailgunWebhook(MAILGUN_KEY, { email: "reader@example.com" }, { forge: true }),
      );
      expect(forged.status).toBe(401);
      const stale = await post(
        "mailgun",
        mailgunWebhook(
          MAILGUN_KEY,
          { email: "reader@example.com" },
          { signedAt: new Date(Date.now() - 10 * 60_000) },
        ),
      );
      expect(stale.status).toBe(401);
      expect((await stale.json()).error).toMatch(/stale/);
      const unsigned = await post("mailgun", {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ "event-data": { event: "failed" } }),
      });
      expect(unsigned.status).toBe(400);
      expect(
        await database.db.selectFrom("provider_webhook_events").select("id").execute(),
      ).toHaveLength(0);
      expect((await bounced()).bounced_at).toBeNull();

      const signed = mailgunWebhook(MAILGUN_KEY, { email: "reader@example.com", eventId: "mg-1" });
      const answer = await post("mailgun", signed);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, outcome: "kept" });
      await vi.waitFor(async () => expect((await bounced()).bounced_at).not.toBeNull(), {
        timeout: 30_000,
        interval: 50,
      });
      expect((await bounced()).bounce_reason).toContain("5.1.1");
      // The same event again (a provider's retry): answered, nothing changes.
      expect((await post("mailgun", signed)).status).toBe(200);
      await vi.waitFor(
        async () =>
          expect(
            await database.db
              .selectFrom("provider_webhook_events")
              .select("id")
              .where("processed_at", "is", null)
              .execute(),
          ).toHaveLength(0),
        { timeout: 30_000, interval: 50 },
      );
      expect(await eventCount()).toBe(1);
    });

    it("answers 404 for a provider without its setting, and for one it does not know", async () => {
      expect((await post("sendgrid", { headers: {}, body: "[]" })).status).toBe(404);
      expect((await post("sparkpost", { headers: {}, body: "{}" })).status).toBe(404);
    });

    it("refuses a body over the cap with 413", async () => {
      const answer = await post("mailgun", {
        headers: { "Content-Type": "application/json" },
        body: "x".repeat(300 * 1024),
      });
      expect(answer.status).toBe(413);
    });
  });
}
