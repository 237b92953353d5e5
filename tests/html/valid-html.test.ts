import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FileSystemConfigLoader, HtmlValidate, type Message } from "html-validate";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "~/.server/admin/admin-request";
import { createAdminSession } from "~/.server/admin/admin-sessions";
import { saveBroadcastDraft } from "~/.server/broadcasts/broadcast-drafts";
import { systemClock } from "~/.server/core/clock";
import { createResource, saveResourceDraft } from "~/.server/publishing";
import { signLink } from "~/.server/core/signed-links";
import type { AppConfig } from "~/.server/core/config";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { builtServerLinkSecret } from "../../support/built-server";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

// html-validate with the rules of .htmlvalidate.json (its recommended and accessibility presets)
// over every page the site serves: the prerendered files of `npm run build`, and the pages the
// server renders per request, the console's signed in. `npm run lint` runs this file too.
const validator = new HtmlValidate(new FileSystemConfigLoader());
const clientDir = "build/client";
const admin = "owner@valid-html.test";

function prerenderedPages(dir = clientDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return prerenderedPages(file);
    return entry.name.endsWith(".html") ? [file] : [];
  });
}

/** Each error as one line a person can act on: where, which rule, what. */
async function errorsIn(html: string, name: string) {
  const report = await validator.validateString(html, name);
  return report.results.flatMap((result) =>
    result.messages.map(
      (message: Message) =>
        `${name}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
    ),
  );
}

describe("valid HTML", () => {
  it("on every prerendered page", async () => {
    const pages = prerenderedPages();
    // Since decision 190 the article pages and their lists are rendered by the server (below).
    expect(pages.length, "a production build (`npm run build`)").toBeGreaterThan(8);
    const errors: string[] = [];
    for (const page of pages) errors.push(...(await errorsIn(readFileSync(page, "utf8"), page)));
    expect(errors).toEqual([]);
  });

  describe("on the pages the server renders", () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let cookie: string;
    const ids = { person: "", message: "", broadcast: "", booking: "" };
    const bookingPages: { name: string; html: string }[] = [];

    beforeAll(async () => {
      database = await createTestDatabase("sqlite");
      const env = {
        DATABASE_URL: database.url,
        SITE_URL: "http://valid-html.test",
        ADMIN_EMAILS: admin,
        SALES_OPEN: "true",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
        // Mail stays in files: these pages send none that matters here.
        MAIL_DIR: path.join(path.dirname(database.url.slice("file:".length)), "mail"),
      };
      server = await startBuiltServer(env);
      // A visitor's message gives the console a person and an inbox entry to show.
      const sent = await fetch(`${server.baseURL}/functions/v1/send-contact-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          interest: "Keynote Speaking",
          message: "Could Daniel speak at our kick-off?",
          formToken: builtServerFormToken(builtServerLinkSecret),
        }),
      });
      expect(sent.status).toBe(200);
      ids.person = (
        await database.db.selectFrom("people").select("id").executeTakeFirstOrThrow()
      ).id;
      ids.message = (
        await database.db.selectFrom("contact_messages").select("id").executeTakeFirstOrThrow()
      ).id;
      const draft = await saveBroadcastDraft(
        { db: database.db, clock: systemClock },
        {
          input: {
            subject: "A letter",
            previewText: "",
            bodyMarkdown: "Hello **reader**.",
            list: "newsletter",
            interests: [],
          },
          actor: admin,
        },
      );
      if (draft.outcome !== "saved") throw new Error(`no draft: ${JSON.stringify(draft)}`);
      ids.broadcast = draft.id;
      const config = { SITE_URL: env.SITE_URL, ADMIN_SESSION_MAX_HOURS: 12 } as AppConfig;
      const session = await createAdminSession(database.db, {
        email: admin,
        now: new Date(),
        config,
      });
      const header = await sessionCookieHeader({ config } as AppLoadContext, session.token);
      cookie = header.split(";")[0]!;
      await walkThroughBooking();
    });

    /** A post as the page's own form sends it. */
    const post = (pathname: string, fields: Record<string, string>) =>
      fetch(`${server.baseURL}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.baseURL,
        },
        body: new URLSearchParams(fields),
      });

    /**
     * The booking pages at each step, as a booker meets them: the times, a refused post, the
     * held time, the confirmation link before and after confirming, and the links to cancel and
     * to move the session. The last time offered, so the session is past the change cut-off.
     */
    async function walkThroughBooking() {
      const keep = async (name: string, response: Response) => {
        expect(response.headers.get("content-type"), name).toMatch(/text\/html/);
        bookingPages.push({ name, html: await response.text() });
      };
      const picker = await fetch(`${server.baseURL}/booking?tz=America%2FDenver`);
      const pickerHtml = await picker.text();
      bookingPages.push({ name: "/booking (the times)", html: pickerHtml });
      await keep(
        "/booking (an unknown zone)",
        await fetch(`${server.baseURL}/booking?tz=Mars%2FBase`),
      );
      const starts = [...pickerHtml.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);
      expect(starts.length, "times offered on /booking").toBeGreaterThan(0);
      const fields = {
        timeZone: "America/Denver",
        name: "Valid Html",
        email: "valid.html.booker@example.com",
        formToken: builtServerFormToken(builtServerLinkSecret),
      };
      await keep("/booking (a refused post)", await post("/booking", { ...fields, start: "soon" }));
      await keep(
        "/booking (the time held)",
        await post("/booking", { ...fields, start: starts.at(-1)! }),
      );
      const held = await database.db
        .selectFrom("bookings")
        .select("id")
        .where("email", "=", fields.email)
        .executeTakeFirstOrThrow();
      ids.booking = held.id;
      const confirm = `/booking/confirm/${signLink(builtServerLinkSecret, "booking-confirm", held.id, new Date(Date.now() + 3_600_000))}`;
      await keep("/booking/confirm (held)", await fetch(`${server.baseURL}${confirm}`));
      await keep("/booking/confirm (confirmed)", await post(confirm, {}));
      for (const [purpose, path] of [
        ["booking-cancel", "cancel"],
        ["booking-reschedule", "reschedule"],
      ] as const) {
        const link = `/booking/${path}/${signLink(builtServerLinkSecret, purpose, held.id, null)}`;
        await keep(`/booking/${path}`, await fetch(`${server.baseURL}${link}`));
      }
    }
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    it("public pages, the 404 page and the console's sign-in", async () => {
      const paths = [
        "/contact",
        "/buy-now",
        "/payment-success",
        "/newsletter",
        // The article store's pages (decision 190), held in memory once rendered.
        "/resources",
        "/all-resources",
        "/articles/why-sales-training-fails",
        "/lists/newsletter/confirm/not-a-token",
        "/lists/waitlist/unsubscribe/not-a-token",
        "/newsletter/unsubscribe/not-a-token",
        "/no-such-page",
        "/admin/sign-in",
      ];
      const errors: string[] = [];
      for (const pathname of paths) {
        const response = await fetch(`${server.baseURL}${pathname}`);
        expect(response.headers.get("content-type"), pathname).toMatch(/text\/html/);
        errors.push(...(await errorsIn(await response.text(), pathname)));
      }
      expect(errors).toEqual([]);
    });

    it("the booking pages at each step", async () => {
      const errors: string[] = [];
      for (const { name, html } of bookingPages) errors.push(...(await errorsIn(html, name)));
      expect(bookingPages.map((page) => page.name)).toHaveLength(8);
      expect(errors).toEqual([]);
    });

    it("/buy-now with sales closed too (the server above sells)", async () => {
      const closed = await createTestDatabase("sqlite");
      const closedServer = await startBuiltServer({
        DATABASE_URL: closed.url,
        MAIL_DIR: path.join(path.dirname(closed.url.slice("file:".length)), "mail"),
      });
      try {
        const response = await fetch(`${closedServer.baseURL}/buy-now`);
        const html = await response.text();
        expect(html, "the Coming Soon state").toContain("coming-soon");
        expect(await errorsIn(html, "/buy-now (sales closed)")).toEqual([]);
      } finally {
        await closedServer.stop();
        await closed.dispose();
      }
    });

    it("every page of the console, signed in", async () => {
      // An article the server imported at its start (decision 190).
      const article = await database.db
        .selectFrom("articles")
        .select("id")
        .executeTakeFirstOrThrow();
      // A practice with its file and two saves: its editor, a comparison and its preview.
      const uploadsDir = mkdtempSync(path.join(tmpdir(), "valid-html-uploads-"));
      const resourceDeps = { db: database.db, clock: systemClock, uploadsDir };
      const practice = await createResource(resourceDeps, { actor: "owner@x.test", kind: "audio" });
      await saveResourceDraft(resourceDeps, {
        id: practice.id,
        actor: "owner@x.test",
        title: "Calm Before the Call",
        description: "A short practice.",
        upload: {
          fileName: "calm.mp3",
          bytes: readFileSync(path.resolve("public/downloads/ego-interrupt-practice.mp3")),
        },
      });
      rmSync(uploadsDir, { recursive: true, force: true });
      const paths = [
        "/admin",
        "/admin/content",
        `/admin/content/${article.id}`,
        `/admin/content/${article.id}/preview`,
        `/admin/content/resources/${practice.id}`,
        `/admin/content/resources/${practice.id}?from=1&to=2`,
        `/admin/content/resources/${practice.id}/preview`,
        "/admin/people",
        "/admin/people/import",
        `/admin/people/${ids.person}`,
        `/admin/people/${ids.person}/erase`,
        "/admin/inbox",
        `/admin/inbox/${ids.message}`,
        "/admin/orders",
        "/admin/booking",
        "/admin/booking/calendar",
        `/admin/booking/${ids.booking}`,
        "/admin/analytics",
        "/admin/email",
        "/admin/security",
        "/admin/broadcasts",
        "/admin/broadcasts/new",
        `/admin/broadcasts/${ids.broadcast}`,
        "/admin/audit",
      ];
      const errors: string[] = [];
      for (const pathname of paths) {
        const response = await fetch(`${server.baseURL}${pathname}`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        expect(response.status, pathname).toBe(200);
        const html = await response.text();
        expect(html, `${pathname} renders the console page itself`).toContain("<h1");
        errors.push(...(await errorsIn(html, pathname)));
      }
      expect(errors).toEqual([]);
    });
  });
});
