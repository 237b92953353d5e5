import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sessionCookieHeader } from "~/.server/admin/admin-request";
import { createAdminSession } from "~/.server/admin/admin-sessions";
import type { AppConfig } from "~/.server/core/config";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import {
  mailgunWebhook,
  postmarkWebhook,
  resendSecret,
  resendWebhook,
  sendgridKeys,
  sendgridWebhook,
  type BounceSpec,
  type SignedWebhook,
} from "../../support/provider-webhooks";
import { seedSendingBroadcast } from "../../support/sending-broadcast";
import { sesNotification, startSnsFake } from "../../support/sns-fake";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const MAILGUN_KEY = "key-mailgun-signing-for-the-tests";
const POSTMARK_SECRET = "postmark-header-secret-for-the-tests";
const RESEND_SECRET = resendSecret();
const sendgrid = sendgridKeys();
const tenMinutesAgo = () => new Date(Date.now() - 10 * 60_000);
// The ports this suite's servers listen on (one per dialect, reserved for it).
const ports = { sqlite: 4211, postgres: 4212 } as const;
const snsPorts = { sqlite: 4231, postgres: 4232 } as const;
const TOPIC = "arn:aws:sns:us-east-1:123456789012:ses-feedback";
const OWNER = "owner@webhooks-http.test";

for (const dialect of allDialects) {
  describe(`provider webhooks through the built server on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let sns: Awaited<ReturnType<typeof startSnsFake>>;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      sns = await startSnsFake(snsPorts[dialect]);
      server = await startBuiltServer({
        SES_SNS_TOPIC_ARNS: TOPIC,
        SES_SNS_CERT_ORIGIN: sns.origin,
        NODE_EXTRA_CA_CERTS: sns.certFile,
        PORT: String(ports[dialect]),
        DATABASE_URL: database.url,
        MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
        POSTMARK_WEBHOOK_SECRET: POSTMARK_SECRET,
        SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKey,
        RESEND_WEBHOOK_SECRET: RESEND_SECRET,
        LOG_LEVEL: "debug",
        ADMIN_EMAILS: OWNER,
        // A broadcast of ten pauses at its first complaint (10 % is past the default 0.3 %).
        BROADCAST_COMPLAINT_MIN_DELIVERED: "10",
      });
      const now = new Date().toISOString();
      for (const provider of ["reader", "postmark", "sendgrid", "resend", "ses"])
        await database.db
          .insertInto("people")
          .values({
            id: crypto.randomUUID(),
            email: `${provider}@example.com`,
            email_key: `${provider}@example.com`,
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
      await sns?.close();
      await database?.dispose();
    });

    const post = (provider: string, { headers, body }: SignedWebhook) =>
      fetch(`${server.baseURL}/webhooks/email/${provider}`, { method: "POST", headers, body });
    const bounced = (email = "reader@example.com") =>
      database.db
        .selectFrom("people")
        .select(["bounced_at", "bounce_reason"])
        .where("email_key", "=", email)
        .executeTakeFirstOrThrow();
    const eventCount = async (email = "reader@example.com") =>
      (
        await database.db
          .selectFrom("delivery_events")
          .select("id")
          .where("email_key", "=", email)
          .execute()
      ).length;
    const allRead = () =>
      vi.waitFor(
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

    /** Refused (each with a 4xx), then heard once though sent twice. */
    async function hearsOnce(
      provider: string,
      email: string,
      refused: { webhook: SignedWebhook; status: number }[],
      signed: (spec: BounceSpec) => SignedWebhook,
    ) {
      for (const { webhook, status } of refused) {
        const answer = await post(provider, webhook);
        expect(answer.status).toBe(status);
        expect((await answer.json()).error).toEqual(expect.any(String));
      }
      expect((await bounced(email)).bounced_at).toBeNull();
      const webhook = signed({ email });
      const answer = await post(provider, webhook);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, outcome: "kept" });
      await vi.waitFor(async () => expect((await bounced(email)).bounced_at).not.toBeNull(), {
        timeout: 30_000,
        interval: 50,
      });
      expect((await post(provider, webhook)).status).toBe(200);
      await allRead();
      expect(await eventCount(email)).toBe(1);
    }

    it("Postmark: refuses a missing or wrong header secret, hears a bounce once", async () => {
      const email = "postmark@example.com";
      const plain = postmarkWebhook(POSTMARK_SECRET, { email });
      await hearsOnce(
        "postmark",
        email,
        [
          {
            webhook: { headers: { "Content-Type": "application/json" }, body: plain.body },
            status: 401,
          },
          { webhook: postmarkWebhook("a-guessed-secret", { email }), status: 401 },
        ],
        (spec) => postmarkWebhook(POSTMARK_SECRET, spec),
      );
    });

    it("SendGrid: refuses forged, stale and unsigned batches, hears a bounce once", async () => {
      const email = "sendgrid@example.com";
      const other = sendgridKeys();
      const good = sendgridWebhook(sendgrid.privateKey, [{ email }]);
      await hearsOnce(
        "sendgrid",
        email,
        [
          { webhook: sendgridWebhook(other.privateKey, [{ email }]), status: 401 },
          {
            webhook: sendgridWebhook(sendgrid.privateKey, [{ email }], {
              signedAt: tenMinutesAgo(),
            }),
            status: 401,
          },
          {
            webhook: { headers: { "Content-Type": "application/json" }, body: good.body },
            status: 401,
          },
          // A signed body altered on the way.
          {
            webhook: { headers: good.headers, body: good.body.replace("sendgrid@", "someone@") },
            status: 401,
          },
        ],
        (spec) =>
          sendgridWebhook(sendgrid.privateKey, [
            spec,
            { email: "unknown@example.com", kind: "complaint" },
          ]),
      );
    });

    it("Resend: refuses forged, stale and unsigned events, hears a bounce once", async () => {
      const email = "resend@example.com";
      const good = resendWebhook(RESEND_SECRET, { email });
      await hearsOnce(
        "resend",
        email,
        [
          { webhook: resendWebhook(resendSecret(), { email }), status: 401 },
          {
            webhook: resendWebhook(RESEND_SECRET, { email }, { signedAt: tenMinutesAgo() }),
            status: 401,
          },
          {
            webhook: { headers: { "Content-Type": "application/json" }, body: good.body },
            status: 401,
          },
        ],
        (spec) => resendWebhook(RESEND_SECRET, spec),
      );
    });

    it("SES through SNS: confirms the subscription, refuses forged and foreign, hears a bounce once", async () => {
      const confirmation = await post("ses", sns.subscriptionConfirmation(TOPIC));
      expect(confirmation.status).toBe(200);
      await vi.waitFor(() => expect(sns.confirmations).toHaveLength(1), {
        timeout: 30_000,
        interval: 50,
      });
      const delivery = await post(
        "ses",
        sns.notification(TOPIC, sesNotification("delivery", "ses@example.com")),
      );
      expect(await delivery.json()).toEqual({ received: true, outcome: "ignored" });
      const email = "ses@example.com";
      const good = sns.notification(TOPIC, sesNotification("hard", email));
      const altered = JSON.parse(good.body) as Record<string, string>;
      const elsewhere = {
        ...altered,
        SigningCertURL:
          "https://sns.us-east-1.evil.example/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem",
      };
      await hearsOnce(
        "ses",
        email,
        [
          {
            webhook: {
              headers: good.headers,
              body: good.body.replace("ses@example.com", "someone@example.com"),
            },
            status: 401,
          },
          { webhook: { headers: good.headers, body: JSON.stringify(elsewhere) }, status: 401 },
          {
            webhook: sns.notification(
              "arn:aws:sns:us-east-1:999999999999:other",
              sesNotification("hard", email),
            ),
            status: 403,
          },
          {
            webhook: sns.notification(TOPIC, sesNotification("hard", email), {
              timestamp: new Date(Date.now() - 2 * 3600_000),
            }),
            status: 401,
          },
        ],
        (spec) => sns.notification(TOPIC, sesNotification("hard", spec.email)),
      );
    });

    it("keeps every provider's secret out of the server's log", () => {
      for (const secret of [MAILGUN_KEY, POSTMARK_SECRET, RESEND_SECRET, sendgrid.publicKey])
        expect(server.output()).not.toContain(secret);
    });

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
        await database.db
          .selectFrom("provider_webhook_events")
          .select("id")
          .where("provider", "=", "mailgun")
          .execute(),
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

    it("pauses a broadcast at a signed complaint past its rate; the report and console show it", async () => {
      const { id, sent } = await seedSendingBroadcast(database.db, {
        delivered: 10,
        pending: 3,
        subject: "A letter too many marked as spam",
      });
      const complaint = mailgunWebhook(MAILGUN_KEY, {
        email: sent[0]!.address,
        outboxId: sent[0]!.id,
        kind: "complaint",
      });
      expect((await post("mailgun", complaint)).status).toBe(200);
      await vi.waitFor(
        async () =>
          expect(
            (
              await database.db
                .selectFrom("broadcasts")
                .select("status")
                .where("id", "=", id)
                .executeTakeFirstOrThrow()
            ).status,
          ).toBe("paused"),
        { timeout: 30_000, interval: 50 },
      );
      const config = { ADMIN_SESSION_MAX_HOURS: 12, SITE_URL: "http://127.0.0.1" } as AppConfig;
      const session = await createAdminSession(database.db, {
        email: OWNER,
        now: new Date(),
        config,
      });
      const cookie = (await sessionCookieHeader({ config } as AppLoadContext, session.token)).split(
        ";",
      )[0]!;
      const report = await fetch(`${server.baseURL}/admin/broadcasts/${id}`, {
        headers: { Cookie: cookie },
      });
      expect(report.status).toBe(200);
      const page = await report.text();
      expect(page).toContain("Too many spam complaints");
      expect(page).toContain("Complaint rate 10.00 %: 1 spam complaint over 10 emails delivered");
      // The notice every console page carries while the pause lasts.
      expect(page).toContain("too many readers marked it as spam");
      expect(
        await database.db
          .selectFrom("outbox_emails")
          .select("to_address")
          .where("purpose", "=", "broadcast.paused")
          .execute(),
      ).toHaveLength(1);
    });

    it("answers 404 for a provider it has no webhook for", async () => {
      expect((await post("imap", { headers: {}, body: "{}" })).status).toBe(404);
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
