import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageRoutes, resourceRoutes } from "~/route-table";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { SmtpSink } from "../../support/smtp-sink";

const admin = "owner@links.test";

/** Every route whose URL carries a secret: its pattern, read from the route table. */
const secretRoutes = [...pageRoutes, ...resourceRoutes]
  .map((route) => route.path)
  .filter((pattern) => /:(token|file)\b/.test(pattern));

/** A URL of `pattern` with a made-up secret no database knows (lists filled in turn). */
function badLink(pattern: string, secret: string, list = "newsletter") {
  return pattern.replace(":list", list).replace(":token", secret).replace(":file", `${secret}.ics`);
}

let secretCounter = 0;
const newSecret = () => `zz${++secretCounter}secret${Math.random().toString(36).slice(2, 12)}`;

describe("secret links over HTTP", () => {
  let sink: SmtpSink;
  let server: BuiltServer;
  /** Every secret this test sent or was sent: none may reach the log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "secret-links-"));
    sink = await new SmtpSink().start();
    server = await startBuiltServer({
      DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
      SMTP_URL: sink.url,
      SITE_URL: "http://links.test",
      ADMIN_EMAILS: admin,
      METRICS_TOKEN: "metrics-token-for-the-secret-links-test",
      // The lowest level any line is written at: every line the server can write is checked.
      LOG_LEVEL: "debug",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it("knows the routes with a secret in their URL", () => {
    expect(secretRoutes).toEqual(
      expect.arrayContaining([
        "/lists/:list/confirm/:token",
        "/lists/:list/unsubscribe/:token",
        "/newsletter/unsubscribe/:token",
        "/booking/session/:token",
        "/booking/cancel/:token",
        "/booking/confirm/:token",
        "/booking/reschedule/:token",
        "/booking/invite/:token",
        "/booking/feed/:file",
        "/downloads/book/:token",
        "/foundations-program/offer/:token",
        "/foundations-program/balance/:token",
        "/foundations-program/cancel/:token",
        "/waitlist/confirm/:token",
        "/sequences/:id/leave/:list/:token",
      ]),
    );
  });

  it("answers a bad secret on every such route with 404 or 410, words of advice, no Referer out", async () => {
    const wrong: string[] = [];
    for (const pattern of secretRoutes) {
      for (const list of pattern.includes(":list") ? ["newsletter", "waitlist"] : [undefined]) {
        const secret = newSecret();
        secrets.add(secret);
        const url = badLink(pattern, secret, list);
        const opened = await fetch(`${server.baseURL}${url}`);
        const text = await opened.text();
        const advice =
          /not valid|has expired|no longer|has ended/i.test(text) &&
          /email|write to|contact|sign up|see the dates|console/i.test(text);
        if (![404, 410].includes(opened.status) || !advice) {
          wrong.push(`GET ${url}: ${opened.status}${advice ? "" : ", no advice"}`);
        }
        // A click from the page must not carry its URL to another site.
        const posted = await fetch(`${server.baseURL}${url}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        });
        if (posted.ok) wrong.push(`POST ${url}: ${posted.status}`);
        for (const answer of [opened, posted]) {
          const policy = answer.headers.get("Referrer-Policy");
          if (policy !== "strict-origin") wrong.push(`Referrer-Policy of ${url}: ${policy}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("writes no cookie, authorization, link token or secret path in any log line", async () => {
    const cookies = new Map<string, string>();
    const signInTokens = () =>
      sink.received
        .map((email) => /\/admin\/sign-in\/verify\?token=([\w.-]+)/.exec(email.parsed.text ?? ""))
        .flatMap((match) => (match ? [match[1]!] : []));
    const consolePost = async (pathname: string, form: Record<string, string>) => {
      const response = await fetch(`${server.baseURL}${pathname}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(form),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: server.baseURL,
          Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
      });
      for (const cookie of response.headers.getSetCookie()) {
        secrets.add(cookie);
        const [name, value] = cookie.split(";")[0]!.split("=") as [string, string];
        if (value) {
          cookies.set(name, value);
          secrets.add(value);
        }
      }
      return response;
    };

    // Signed in, the owner asks for another link: the outbox sends it after the answer, in the
    // request's context, and the mail server refuses it, so the outbox writes a line there.
    await consolePost("/admin/sign-in", { email: admin });
    await expect.poll(() => signInTokens().length, { timeout: 15_000 }).toBe(1);
    const verified = await consolePost("/admin/sign-in/verify", { token: signInTokens()[0]! });
    expect(verified.headers.get("Location")).toBe("/admin");
    expect(cookies.get("admin_session")).toBeTruthy();
    sink.refusedRecipients.add(admin);
    await consolePost("/admin/sign-in", { email: admin });
    await expect.poll(() => server.output(), { timeout: 15_000 }).toContain("OUTBOX GAVE UP");
    for (const token of signInTokens()) secrets.add(token);

    const authorization = "Bearer metrics-token-for-the-secret-links-test";
    secrets.add("metrics-token-for-the-secret-links-test");
    const metrics = await fetch(`${server.baseURL}/metrics`, {
      headers: { Authorization: authorization },
    });
    expect(metrics.status).toBe(200);

    let lastRequestId = "";
    for (const pattern of secretRoutes) {
      for (const method of ["GET", "POST"]) {
        const secret = newSecret();
        secrets.add(secret);
        const answer = await fetch(`${server.baseURL}${badLink(pattern, secret)}`, { method });
        await answer.arrayBuffer();
        lastRequestId = answer.headers.get("X-Request-Id")!;
      }
    }
    // The last request's line is written once its answer is done.
    await expect.poll(() => server.output()).toContain(lastRequestId);

    const log = server.output();
    expect([...secrets].filter((secret) => log.includes(secret))).toEqual([]);
    expect(log).not.toMatch(/cookie|authorization/i);
    expect(log).toContain('"route":"/booking/session/:token"');
    expect(await metrics.text()).not.toMatch(/zz\d+secret/);
  }, 60_000);
});
