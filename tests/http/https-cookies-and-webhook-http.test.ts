import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { SmtpSink } from "../../support/smtp-sink";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";
import { newVisitorAddress } from "../../support/visitor-posts";

const SITE = "https://secure-cookies.example";
const WEBHOOK_SECRET = "whsec_x";
const admin = "owner@secure-cookies.example";

// One database (decision 327): cookies, headers and the webhook's signature check: no query
// differs.
for (const dialect of httpDialects) {
  describe(`an https site over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    let fake: StripeFake;
    let server: BuiltServer;
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      sink = await new SmtpSink().start();
      fake = await startStripeFake();
      mailDir = mkdtempSync(path.join(tmpdir(), "https-cookies-mail-"));
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        MAIL_DIR: mailDir,
        SITE_URL: SITE,
        ADMIN_EMAILS: admin,
        CONTACT_MIN_FILL_SECONDS: "0",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: fake.url,
        TRUST_PROXY: "loopback",
      });
    });
    afterAll(async () => {
      await server?.stop();
      await fake?.close();
      await sink?.stop();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });

    /** Every cookie the site set on the way, as the Set-Cookie lines said it. */
    const setCookies: string[] = [];
    const jar = new Map<string, string>();
    const visitor = newVisitorAddress();
    async function browse(pathname: string, form?: Record<string, string>) {
      const response = await fetch(`${server.baseURL}${pathname}`, {
        method: form ? "POST" : "GET",
        redirect: "manual",
        headers: {
          "X-Forwarded-For": visitor,
          Origin: server.baseURL,
          ...(jar.size > 0
            ? { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") }
            : {}),
          ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form) : undefined,
      });
      for (const line of response.headers.getSetCookie()) {
        setCookies.push(line);
        const [name, value] = line.split(";")[0]!.split("=") as [string, string];
        jar.set(name, value);
      }
      return response;
    }
    const cookieNamed = (name: string) => setCookies.filter((line) => line.startsWith(`${name}=`));

    it("marks every cookie it sets Secure: the flash toast, the sign-in nonce and the console session", async () => {
      // The contact form's answer is a toast carried over the redirect; the next page clears it.
      const sent = await browse("/contact", {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        interest: "Keynote Speaking",
        message: "Could Daniel speak at our kick-off in March?",
        formToken: builtServerFormToken(builtServerLinkSecret),
      });
      expect(sent.status).toBe(302);
      await browse(sent.headers.get("Location")!);
      expect(cookieNamed("flash-toast")).toHaveLength(2);

      expect((await browse("/admin/sign-in", { email: admin })).status).toBe(200);
      await expect
        .poll(() => sink.received.find((email) => email.envelopeTo.includes(admin)), {
          timeout: 10_000,
        })
        .toBeTruthy();
      const link = sink.received.find((email) => email.envelopeTo.includes(admin))!;
      const token = /\/admin\/sign-in\/verify\?token=([\w-]+)/.exec(link.parsed.text ?? "")?.[1];
      const verified = await browse("/admin/sign-in/verify", { token: token! });
      expect(verified.headers.get("Location")).toBe("/admin");
      const signedOut = await browse("/admin/sign-out", {
        csrf: /name="csrf" value="([^"]+)"/.exec(await (await browse("/admin")).text())![1]!,
      });
      expect(signedOut.status).toBe(302);

      for (const name of ["admin_sign_in", "admin_session"])
        expect(cookieNamed(name).length, name).toBeGreaterThan(0);
      const notSecure = setCookies.filter(
        (line) => !line.split(";").some((attribute) => attribute.trim().toLowerCase() === "secure"),
      );
      expect(notSecure).toEqual([]);
    });

    it("answers a validly signed webhook whose body is a JSON array with 400, and keeps nothing", async () => {
      const payload = JSON.stringify([{ id: "evt_1", type: "checkout.session.completed" }]);
      const response = await fetch(`${server.baseURL}/functions/v1/stripe-webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: "The body must be a Stripe event: a JSON object with an id and a type.",
      });
      expect(await database.db.selectFrom("orders").selectAll().execute()).toEqual([]);
      expect(server.output()).not.toMatch(/"level":50/);
    });
  });
}
