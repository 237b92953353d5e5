import { withRenderedBodies } from "~/.server/mail";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rememberPerson } from "~/.server/audience/people/people";
import { peopleExportColumns } from "~/.server/audience/people/people-export";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { consoleRoutes } from "../../support/console-routes";
import { seedPerson } from "../../support/seed-person";
import { SmtpSink } from "../../support/smtp-sink";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const admin = "owner@console.test";
// Every console route in the route table: a page added later is guarded by the same requests.
const everyConsoleRoute = consoleRoutes();
const adminPages = everyConsoleRoute.filter((route) => route.hasLoader);
const adminActions = everyConsoleRoute.filter((route) => route.hasAction);

let clientCounter = 0;
/** Each browser its own visitor address, so the per-address sign-in limit stays out of the way. */
const newClientAddress = () => `203.0.113.${++clientCounter}`;

/** A browser as far as the console cares: its cookies and its address. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly address = newClientAddress();
  constructor(private readonly baseURL: string) {}

  async request(pathname: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", this.address);
    if (this.cookies.size > 0) {
      headers.set(
        "Cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    let body = init.body;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      if (!headers.has("Origin")) headers.set("Origin", this.baseURL);
    }
    const response = await fetch(`${this.baseURL}${pathname}`, {
      ...init,
      method: init.form ? "POST" : (init.method ?? "GET"),
      body,
      headers,
      redirect: "manual",
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, value] = pair!.split("=") as [string, string];
      const expired = attributes.some((attribute) => /max-age=0\b/i.test(attribute.trim()));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The CSRF token the console's forms carry. */
  async csrfToken() {
    const html = await (await this.request("/admin")).text();
    const match = /name="csrf" value="([^"]+)"/.exec(html);
    expect(match, "a CSRF field on the dashboard").not.toBeNull();
    return match![1]!;
  }
}

// Both databases (decision 327): the console's own queries (inbox, sign-in links, sessions, email
// health, exports) run here alone.
for (const dialect of allDialects) {
  describe(`the console over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let sink: SmtpSink;
    let server: BuiltServer;
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      sink = await new SmtpSink().start();
      mailDir = mkdtempSync(path.join(tmpdir(), "console-http-mail-"));
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        SMTP_URL: sink.url,
        MAIL_DIR: mailDir,
        SITE_URL: "http://console.test",
        OWNER_EMAIL: "leads@console.test",
        ADMIN_EMAILS: `${admin}, second@console.test`,
        ADMIN_SIGN_IN_RATE_LIMIT: "3",
        // Each test browser comes from its own X-Forwarded-For address, as behind a proxy.
        TRUST_PROXY: "loopback",
      });
    });
    afterAll(async () => {
      await server?.stop();
      await sink?.stop();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });

    const seenTokens = new Set<string>();
    const tokenIn = (text: string | undefined) =>
      /http:\/\/console\.test\/admin\/sign-in\/verify\?token=([\w-]+)/.exec(text ?? "")?.[1];

    const unseenToken = (email: string) =>
      sink.received
        .filter((received) => received.envelopeTo.some((to) => to.toLowerCase() === email))
        .map((received) => tokenIn(received.parsed.text))
        .find((token) => token && !seenTokens.has(token));

    /** Waits for the link a request emailed to `email`, and marks it seen. */
    async function nextToken(email: string) {
      // The worker renders the email when it sends it: the first render loads React Email.
      await expect.poll(() => unseenToken(email), { timeout: 15_000 }).toBeTruthy();
      const token = unseenToken(email)!;
      seenTokens.add(token);
      return token;
    }

    /** Asks for a link in `browser` and returns the token of the link emailed for it. */
    async function emailedToken(browser: Browser, email = admin) {
      const response = await browser.request("/admin/sign-in", { form: { email } });
      expect(response.status).toBe(200);
      return nextToken(email);
    }

    async function signedIn(email = admin) {
      const browser = new Browser(server.baseURL);
      const token = await emailedToken(browser, email);
      const response = await browser.request("/admin/sign-in/verify", { form: { token } });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
      return browser;
    }

    it("sends every console page to sign-in without a session, marked noindex", async () => {
      const browser = new Browser(server.baseURL);
      expect(adminPages.map((page) => page.url)).toEqual(
        expect.arrayContaining(["/admin", "/admin/inbox", "/admin/people/no-such-id"]),
      );
      for (const { url } of adminPages) {
        const response = await browser.request(url);
        expect(response.status, url).toBe(302);
        expect(response.headers.get("Location"), url).toBe("/admin/sign-in");
        expect(response.headers.get("X-Robots-Tag"), url).toBe("noindex, nofollow");
      }
      const signIn = await browser.request("/admin/sign-in");
      expect(await signIn.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    });

    it("answers a data request for one console route alone only with a redirect", async () => {
      await database.db
        .insertInto("contact_messages")
        .values({
          id: `secret-${dialect}`,
          first_name: "Secret",
          last_name: "Sender",
          email: "secret@example.com",
          company: null,
          interest: "General Inquiry",
          message: "Nobody without a session reads this",
          created_at: new Date().toISOString(),
        })
        .execute();
      const browser = new Browser(server.baseURL);
      const dataRequests = [
        ...adminPages.map(({ url, id }) => [`${url}.data`, id]),
        [`/admin/inbox/secret-${dialect}.data`, "routes/admin.inbox.$id"],
      ];
      for (const [page, route] of dataRequests) {
        const response = await browser.request(`${page}?_routes=${encodeURIComponent(route!)}`);
        const body = await response.text();
        expect(body, page).not.toContain("Nobody without a session");
        expect(body, page).toContain("/admin/sign-in");
      }
    });

    it("refuses every console action without a session with 401", async () => {
      const browser = new Browser(server.baseURL);
      expect(adminActions.map((action) => action.url)).toEqual(
        expect.arrayContaining(["/admin/sign-out", "/admin/passkeys", "/admin/email"]),
      );
      for (const { url } of adminActions) {
        const response = await browser.request(url, { form: { csrf: "x", status: "archived" } });
        expect(response.status, url).toBe(401);
      }
      // An upload is refused before its body is read.
      const upload = new FormData();
      upload.set("csrf", "x");
      upload.set("file", new Blob(["email\nsomeone@example.com"]), "people.csv");
      const response = await browser.request("/admin/people/import", {
        method: "POST",
        body: upload,
      });
      expect(response.status).toBe(401);
      expect(await database.db.selectFrom("people_imports").selectAll().execute()).toEqual([]);
    });

    it("stages an upload only with this session's CSRF token, and caps its size", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      const upload = (token: string, csv: string) => {
        const form = new FormData();
        form.set("csrf", token);
        form.set("file", new Blob([csv]), "people.csv");
        return browser.request("/admin/people/import", {
          method: "POST",
          body: form,
          headers: { Origin: server.baseURL },
        });
      };
      expect((await upload("forged", "email\na@example.com")).status).toBe(403);
      expect(await database.db.selectFrom("people_imports").selectAll().execute()).toEqual([]);
      const tooLarge = await upload(csrf, "x".repeat(65 * 1024 * 1024));
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.text()).toContain("larger than 64 MB");
      const staged = await upload(csrf, "email\na@example.com");
      expect(staged.status).toBe(302);
      expect(staged.headers.get("Location")).toMatch(/^\/admin\/people\/import\?id=/);
      // A semicolon-separated sheet is read too.
      expect((await upload(csrf, "Email;Name\nb@example.com;Bea")).status).toBe(302);
    });

    it("shows a stored preview on every reload, and a cancel leaves the people as they were", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      const form = new FormData();
      form.set("csrf", csrf);
      form.set(
        "file",
        new Blob(["email\nstored.one@example.com\nstored.two@example.com"]),
        "s.csv",
      );
      const staged = await browser.request("/admin/people/import", {
        method: "POST",
        body: form,
        headers: { Origin: server.baseURL },
      });
      const page = staged.headers.get("Location")!;
      const newPeople = async () =>
        /data-testid="count-newPeople"[^>]*>(\d+)</.exec(
          await (await browser.request(page)).text(),
        )?.[1];
      expect(await newPeople()).toBe("2");
      // One of the file's addresses signs up meanwhile: the preview was computed once, and stands.
      const people = () => database.db.selectFrom("people").selectAll().orderBy("id").execute();
      await database.db
        .insertInto("people")
        .values({
          id: "stored-one",
          email: "stored.one@example.com",
          email_key: "stored.one@example.com",
          first_name: null,
          last_name: null,
          source: "/signup",
          first_seen_at: new Date().toISOString(),
          last_seen_at: new Date().toISOString(),
          bounced_at: null,
          bounce_reason: null,
        })
        .execute();
      expect(await newPeople()).toBe("2");
      const before = await people();
      const id = new URL(page, server.baseURL).searchParams.get("id")!;
      const cancelled = await browser.request("/admin/people/import", {
        form: { csrf, id, intent: "cancel" },
      });
      expect(cancelled.status).toBe(302);
      expect(await (await browser.request(page)).text()).toContain("as they were before it");
      expect(await people()).toEqual(before);
      const again = await browser.request("/admin/people/import", {
        form: { csrf, id, intent: "import" },
      });
      expect(again.status).toBe(409);
    });

    it("answers a file it cannot read with a sentence on the import page", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      const upload = (content: BlobPart) => {
        const form = new FormData();
        form.set("csrf", csrf);
        form.set("file", new Blob([content]), "people.csv");
        return browser.request("/admin/people/import", {
          method: "POST",
          body: form,
          headers: { Origin: server.baseURL },
        });
      };
      const staged = await database.db.selectFrom("people_imports").select("id").execute();
      for (const [content, sentence] of [
        ["", "The file is empty"],
        ["email,first_name\n", "a header line but no rows"],
        [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0]), "not a CSV file"],
      ] as const) {
        const response = await upload(content);
        expect(response.status).toBe(400);
        const page = await response.text();
        expect(page).toContain(sentence);
        expect(page).toContain("Import people");
      }
      expect(await database.db.selectFrom("people_imports").select("id").execute()).toEqual(staged);
    });

    it("refuses an upload of two files or an oversized field, and skips a file input left empty", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      const post = (form: FormData) =>
        browser.request("/admin/people/import", {
          method: "POST",
          body: form,
          headers: { Origin: server.baseURL },
        });
      const staged = await database.db.selectFrom("people_imports").select("id").execute();
      const twoFiles = new FormData();
      twoFiles.set("csrf", csrf);
      twoFiles.append("file", new Blob(["email\na@example.com"]), "one.csv");
      twoFiles.append("file", new Blob(["email\nb@example.com"]), "two.csv");
      const refusedTwo = await post(twoFiles);
      expect(refusedTwo.status).toBe(400);
      expect(await refusedTwo.text()).toContain("This form takes one file.");
      const largeField = new FormData();
      largeField.set("note", "x".repeat(65 * 1024));
      largeField.set("csrf", csrf);
      largeField.set("file", new Blob(["email\na@example.com"]), "people.csv");
      const refusedField = await post(largeField);
      expect(refusedField.status).toBe(413);
      expect(await refusedField.text()).toContain("A form field is larger than 64 KB.");
      expect(await database.db.selectFrom("people_imports").select("id").execute()).toEqual(staged);
      // A file input left empty sends a part with no file name and no bytes.
      const empty = new FormData();
      empty.set("csrf", csrf);
      empty.set("file", new Blob([], { type: "application/octet-stream" }), "");
      const unchosen = await post(empty);
      expect(unchosen.status).toBe(400);
      expect(await unchosen.text()).toContain("Choose a CSV file to import.");
    });

    it("refuses a 15 MB cell by the row limit, in a file past the old 20 MB cap, answering after the upload", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      const rows = Array.from({ length: 200_000 }, (_, index) => `p${index}@example.com,Person`);
      rows[100_000] += `,"${"x".repeat(15 * 1024 * 1024)}"`;
      const csv = ["email,first_name", ...rows].join("\n");
      expect(csv.length).toBeGreaterThan(20 * 1024 * 1024);
      const form = new FormData();
      form.set("csrf", csrf);
      form.set("file", new Blob([csv]), "people.csv");
      const staged = await database.db.selectFrom("people_imports").select("id").execute();
      const response = await browser.request("/admin/people/import", {
        method: "POST",
        body: form,
        headers: { Origin: server.baseURL },
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("a row longer than 256 KB near line 100002");
      expect(await database.db.selectFrom("people_imports").select("id").execute()).toEqual(staged);
    });

    it("signs in through the emailed link, once, in the browser that asked", async () => {
      const browser = new Browser(server.baseURL);
      const token = await emailedToken(browser);
      const opened = await browser.request(`/admin/sign-in/verify?token=${token}`);
      expect(opened.status).toBe(200);
      // Opening the link (a mail scanner could) does not spend it.
      const used = await browser.request("/admin/sign-in/verify", { form: { token } });
      expect(used.status).toBe(302);
      expect(browser.cookies.has("admin_session")).toBe(true);
      expect(browser.cookies.has("admin_sign_in")).toBe(false);
      const dashboard = await browser.request("/admin");
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain(admin);

      const again = await browser.request("/admin/sign-in/verify", { form: { token } });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain("This link does not work");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "action"])
        .where("action", "=", "session.sign-in")
        .execute();
      expect(audit).toContainEqual({ actor_email: admin, action: "session.sign-in" });
    });

    it("sets the session cookie HttpOnly and SameSite=Lax, on /admin only", async () => {
      const browser = new Browser(server.baseURL);
      const token = await emailedToken(browser);
      const response = await browser.request("/admin/sign-in/verify", { form: { token } });
      const cookie = response.headers
        .getSetCookie()
        .find((value) => value.startsWith("admin_session="));
      expect(cookie).toMatch(/; Path=\/admin/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
    });

    it("refuses a forged link, an expired link and a link opened in another browser", async () => {
      const browser = new Browser(server.baseURL);
      const forged = await browser.request("/admin/sign-in/verify", {
        form: { token: "bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtbm90LWEtcmVhbC10b2tlbg" },
      });
      expect(forged.status).toBe(400);

      const token = await emailedToken(browser);
      const elsewhere = new Browser(server.baseURL);
      expect((await elsewhere.request("/admin/sign-in/verify", { form: { token } })).status).toBe(
        400,
      );

      await database.db
        .updateTable("admin_sign_in_links")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      const expired = await browser.request("/admin/sign-in/verify", { form: { token } });
      expect(expired.status).toBe(400);
      expect(browser.cookies.has("admin_session")).toBe(false);
    });

    it("answers the same for any address and emails only admins", async () => {
      const stranger = new Browser(server.baseURL);
      const refusedAnswer = await stranger.request("/admin/sign-in", {
        form: { email: "Stranger@Example.com" },
      });
      const browser = new Browser(server.baseURL);
      const adminAnswer = await browser.request("/admin/sign-in", {
        form: { email: "Owner@Console.test" },
      });
      expect(refusedAnswer.status).toBe(adminAnswer.status);
      const sentText = (html: string) => /data-testid="sign-in-sent">([^<]+)</.exec(html)?.[1];
      expect(sentText(await refusedAnswer.text())).toBe(sentText(await adminAnswer.text()));
      expect(stranger.cookies.has("admin_sign_in")).toBe(true);
      const links = await database.db.selectFrom("admin_sign_in_links").select("email").execute();
      expect(links.map((link) => link.email)).not.toContain("stranger@example.com");
      const queued = await database.db
        .selectFrom("outbox_emails")
        .select("to_address")
        .where("purpose", "=", "admin.sign-in-link")
        .execute();
      expect(queued.map((email) => email.to_address.toLowerCase())).not.toContain(
        "stranger@example.com",
      );
      await nextToken(admin);
    });

    it("limits sign-in requests per visitor address", async () => {
      const browser = new Browser(server.baseURL);
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push(
          (await browser.request("/admin/sign-in", { form: { email: "x@example.com" } })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it("refuses a cross-site POST and a POST without this session's CSRF token", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      // React Router itself answers 400 to an action whose Origin is not the request's own.
      const crossSite = await browser.request("/admin/sign-out", {
        form: { csrf },
        headers: { Origin: "https://evil.example" },
      });
      expect([400, 403]).toContain(crossSite.status);
      const noToken = await browser.request("/admin/sign-out", { form: {} });
      expect(noToken.status).toBe(403);
      const wrongToken = await browser.request("/admin/sign-out", { form: { csrf: `${csrf}x` } });
      expect(wrongToken.status).toBe(403);
      // None of them signed the browser out.
      expect((await browser.request("/admin")).status).toBe(200);

      // A stale form inside the console: said so in the console's frame, with the way to reload.
      const stale = await browser.request("/admin/people/import", {
        form: { csrf: "from-an-older-session", intent: "discard", id: "x" },
      });
      expect(stale.status).toBe(403);
      const page = await stale.text();
      expect(page).toContain("This form has expired");
      expect(page).toContain("Reload this page");
      expect(page).toContain('aria-label="Console"');
      expect(page).not.toContain("Unexpected Application Error");
      const missing = await browser.request("/admin/people/no-such-person");
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Back to the dashboard");

      const stranger = new Browser(server.baseURL);
      const crossSiteSignIn = await stranger.request("/admin/sign-in", {
        form: { email: admin },
        headers: { Origin: "https://evil.example" },
      });
      expect([400, 403]).toContain(crossSiteSignIn.status);
      expect(stranger.cookies.has("admin_sign_in")).toBe(false);
    });

    it("makes, replaces and stops the owner's feed, and keeps a bad busy-times address out, audited", async () => {
      const browser = await signedIn("second@console.test");
      const csrf = await browser.csrfToken();
      const calendarPage = "/admin/booking/calendar";
      const feedPathIn = async (response: Response) =>
        /\/booking\/feed\/[\w-]+\.ics/.exec(await response.text())?.[0];
      const feedStatus = async (feedPath: string) =>
        (await fetch(`${server.baseURL}${feedPath}`)).status;
      const noToken = await browser.request(calendarPage, { form: { intent: "new-feed" } });
      expect(noToken.status).toBe(403);
      const first = await browser.request(calendarPage, { form: { csrf, intent: "new-feed" } });
      expect(first.status).toBe(200);
      const firstPath = (await feedPathIn(first))!;
      expect(await feedStatus(firstPath)).toBe(200);
      // The address is shown once: the page opened again does not carry it.
      expect(await feedPathIn(await browser.request(calendarPage))).toBeUndefined();
      const second = await browser.request(calendarPage, { form: { csrf, intent: "new-feed" } });
      const secondPath = (await feedPathIn(second))!;
      expect(await feedStatus(firstPath)).toBe(404);
      expect(await feedStatus(secondPath)).toBe(200);

      const bad = await browser.request(calendarPage, {
        form: { csrf, intent: "busy-url", busyUrl: "ftp://calendar.example/secret.ics" },
      });
      expect(bad.status).toBe(400);
      const badPage = await bad.text();
      expect(badPage).toContain("http:// or https://");
      expect(badPage).toContain('value="ftp://calendar.example/secret.ics"');
      const stored = await database.db
        .selectFrom("booking_calendar")
        .select("busy_url")
        .executeTakeFirst();
      expect(stored?.busy_url ?? null).toBeNull();
      const cleared = await browser.request(calendarPage, { form: { csrf, intent: "clear-busy" } });
      expect(cleared.status).toBe(200);
      const stopped = await browser.request(calendarPage, { form: { csrf, intent: "stop-feed" } });
      expect(stopped.status).toBe(200);
      expect(await feedStatus(secondPath)).toBe(404);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .where("action", "like", "booking.%")
        .where("actor_email", "=", "second@console.test")
        .orderBy("created_at")
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual([
        "booking.feed-address",
        "booking.feed-address",
        "booking.busy-calendar-removed",
        "booking.feed-stopped",
      ]);
    });

    it("ends the session at sign-out: the old cookie opens nothing", async () => {
      const browser = await signedIn();
      const csrf = await browser.csrfToken();
      const oldCookie = browser.cookies.get("admin_session")!;
      const signOut = await browser.request("/admin/sign-out", { form: { csrf } });
      expect(signOut.status).toBe(302);
      expect(signOut.headers.get("Location")).toBe("/admin/sign-in");
      browser.cookies.set("admin_session", oldCookie);
      const page = await browser.request("/admin");
      expect(page.status).toBe(302);
      const action = await browser.request("/admin/email", { form: { csrf, id: "x" } });
      expect(action.status).toBe(401);
    });

    it("rotates the session at sign-in: the session the browser had is revoked", async () => {
      const browser = await signedIn();
      const first = browser.cookies.get("admin_session")!;
      const token = await emailedToken(browser);
      expect((await browser.request("/admin/sign-in/verify", { form: { token } })).status).toBe(
        302,
      );
      expect(browser.cookies.get("admin_session")).not.toBe(first);
      const stale = new Browser(server.baseURL);
      stale.cookies.set("admin_session", first);
      expect((await stale.request("/admin")).status).toBe(302);
    });

    it("ends an idle session", async () => {
      const browser = await signedIn();
      await database.db
        .updateTable("admin_sessions")
        .set({ last_seen_at: new Date(Date.now() - 3 * 3_600_000).toISOString() })
        .where("revoked_at", "is", null)
        .execute();
      expect((await browser.request("/admin")).status).toBe(302);
    });

    it("works a message from new to archived, each step in the audit log", async () => {
      const id = `message-${dialect}`;
      await database.db
        .insertInto("contact_messages")
        .values({
          id,
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          company: null,
          interest: "Keynote Speaking",
          message: "Could Daniel speak in March?",
          created_at: new Date().toISOString(),
        })
        .execute();
      const browser = await signedIn("second@console.test");
      const csrf = await browser.csrfToken();
      const page = await (await browser.request(`/admin/inbox/${id}`)).text();
      expect(page).toContain("mailto:ada%40example.com?subject=Re%3A%20Keynote%20Speaking");
      for (const status of ["replied", "archived"]) {
        const response = await browser.request(`/admin/inbox/${id}`, { form: { csrf, status } });
        expect(response.status).toBe(302);
      }
      const stored = await database.db
        .selectFrom("contact_messages")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe("archived");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "detail"])
        .where("subject", "=", id)
        .orderBy("created_at")
        .execute();
      expect(audit).toEqual([
        { actor_email: "second@console.test", detail: JSON.stringify({ status: "replied" }) },
        { actor_email: "second@console.test", detail: JSON.stringify({ status: "archived" }) },
      ]);
      const bad = await browser.request(`/admin/inbox/${id}`, {
        form: { csrf, status: "deleted" },
      });
      expect(bad.status).toBe(400);
    });

    it("finds a person, exports what is held about them and erases them on confirmation", async () => {
      const now = new Date();
      const personId = await database.db.transaction().execute((trx) =>
        rememberPerson(trx, {
          email: "Erin@Example.com",
          firstName: "Erin",
          lastName: "Erased",
          source: "/signup",
          now,
        }),
      );
      const stamp = now.toISOString();
      await database.db
        .insertInto("contact_messages")
        .values({
          id: `erin-${dialect}`,
          first_name: "Erin",
          last_name: "Erased",
          email: "Erin@Example.com",
          company: null,
          interest: "General Inquiry",
          message: "Please remember me",
          person_id: personId,
          created_at: stamp,
        })
        .execute();
      await database.db
        .insertInto("list_memberships")
        .values({
          id: `erin-sub-${dialect}`,
          list: "newsletter",
          interests: '["book"]',
          source: "/signup",
          consent_text: "Yes please",
          consented_at: stamp,
          status: "confirmed",
          confirmation_sent_at: stamp,
          confirmed_at: stamp,
          unsubscribed_at: null,
          notified_at: null,
          person_id: personId,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      await database.db
        .insertInto("orders")
        .values({
          id: `erin-order-${dialect}`,
          status: "paid",
          items: "[]",
          amount_total_cents: 1995,
          currency: "usd",
          email: "erin@example.com",
          first_name: "Erin",
          last_name: "Erased",
          billing_address: '{"city":"Boulder"}',
          stripe_session_id: `cs_erin_${dialect}`,
          stripe_payment_intent_id: null,
          amount_paid_cents: 1995,
          created_at: stamp,
          updated_at: stamp,
          paid_at: stamp,
          refunded_at: null,
          person_id: personId,
        })
        .execute();
      await database.db
        .insertInto("outbox_emails")
        .values({
          id: `erin-mail-${dialect}`,
          purpose: "newsletter.welcome",
          to_address: "erin@example.com",
          from_address: "no-reply@console.test",
          reply_to: null,
          subject: "Welcome",
          text_body: "Hi Erin",
          html_body: null,
          headers: "{}",
          status: "sent",
          attempts: 1,
          next_attempt_at: stamp,
          created_at: stamp,
        })
        .execute();

      const browser = await signedIn();
      const list = await (
        await browser.request("/admin/people?q=ERIN&list=newsletter%3Aconfirmed&interest=book")
      ).text();
      expect(list).toContain(`/admin/people/${personId}`);
      const none = await (
        await browser.request("/admin/people?q=erin&list=waitlist%3Apending")
      ).text();
      expect(none).not.toContain(`/admin/people/${personId}`);

      const exported = await browser.request(`/admin/people/${personId}/export`);
      expect(exported.headers.get("Content-Disposition")).toContain("attachment");
      const record = (await exported.json()) as {
        messages: { message: string }[];
        emails: unknown[];
      };
      expect(record.messages.map((message) => message.message)).toEqual(["Please remember me"]);
      expect(record.emails).toHaveLength(1);

      const csrf = await browser.csrfToken();
      const unconfirmed = await browser.request(`/admin/people/${personId}/erase`, {
        form: { csrf },
      });
      expect(unconfirmed.status).toBe(400);
      expect(
        await database.db.selectFrom("people").select("id").where("id", "=", personId).execute(),
      ).toHaveLength(1);

      const erased = await browser.request(`/admin/people/${personId}/erase`, {
        form: { csrf, confirm: "erase" },
      });
      expect(erased.status).toBe(302);
      expect(
        await database.db.selectFrom("people").select("id").where("id", "=", personId).execute(),
      ).toEqual([]);
      expect(
        await database.db
          .selectFrom("contact_messages")
          .select("id")
          .where("id", "=", `erin-${dialect}`)
          .execute(),
      ).toEqual([]);
      expect(
        await database.db
          .selectFrom("list_memberships")
          .select("id")
          .where("id", "=", `erin-sub-${dialect}`)
          .execute(),
      ).toEqual([]);
      expect(
        await database.db
          .selectFrom("outbox_emails")
          .select("id")
          .where("id", "=", `erin-mail-${dialect}`)
          .execute(),
      ).toEqual([]);
      expect(
        await database.db
          .selectFrom("orders")
          .select(["email", "first_name", "last_name", "billing_address", "amount_paid_cents"])
          .where("id", "=", `erin-order-${dialect}`)
          .executeTakeFirst(),
      ).toEqual({
        email: "erased",
        first_name: null,
        last_name: null,
        billing_address: null,
        amount_paid_cents: 1995,
      });
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "detail"])
        .where("subject", "=", personId)
        .orderBy("created_at")
        .execute();
      expect(audit.map((entry) => entry.action)).toEqual(["person.export", "person.erase"]);
      expect(audit[1]!.detail).not.toContain("erin");
    });

    it("resends a pending member's confirmation, once per cooling period, audited", async () => {
      const now = new Date();
      const personId = await database.db
        .transaction()
        .execute((trx) =>
          rememberPerson(trx, { email: "pat@example.com", source: "/buy-now", now }),
        );
      const twoHoursAgo = new Date(now.getTime() - 2 * 3_600_000).toISOString();
      await database.db
        .insertInto("list_memberships")
        .values({
          id: `pat-waitlist-${dialect}`,
          person_id: personId,
          list: "waitlist",
          status: "pending",
          interests: "[]",
          source: "/buy-now",
          consent_text: "Tell me once",
          consented_at: twoHoursAgo,
          confirmation_sent_at: twoHoursAgo,
          confirmed_at: null,
          unsubscribed_at: null,
          notified_at: null,
          created_at: twoHoursAgo,
          updated_at: twoHoursAgo,
        })
        .execute();
      const confirmations = () =>
        database.db
          .selectFrom("outbox_emails")
          .select(["text_body", "template", "template_data"])
          .where("to_address", "=", "pat@example.com")
          .where("purpose", "=", "waitlist.confirmation")
          .execute()
          .then((rows) => Promise.all(rows.map(withRenderedBodies)));

      const browser = await signedIn();
      const page = await (await browser.request(`/admin/people/${personId}`)).text();
      expect(page).toContain("Resend the waitlist confirmation");
      const csrf = await browser.csrfToken();
      const resend = () =>
        browser.request(`/admin/people/${personId}`, {
          form: { csrf, intent: "resend-confirmation", list: "waitlist" },
        });
      const sent = await resend();
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain("confirmation email is on its way again");
      const [email, ...more] = await confirmations();
      expect(more).toEqual([]);
      expect(email!.text_body).toMatch(/\/lists\/waitlist\/confirm\/[\w.-]+/);
      // A second click within the hour sends nothing more.
      const again = await resend();
      expect(again.status).toBe(429);
      expect(await confirmations()).toHaveLength(1);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "detail"])
        .where("action", "=", "person.resend-confirmation")
        .where("subject", "=", personId)
        .execute();
      expect(audit).toEqual([{ actor_email: admin, detail: JSON.stringify({ list: "waitlist" }) }]);
      // Nobody confirmed or unsubscribed gets one.
      const newsletter = await browser.request(`/admin/people/${personId}`, {
        form: { csrf, intent: "resend-confirmation", list: "newsletter" },
      });
      expect(newsletter.status).toBe(409);
    });

    it("sends a fresh download link for a paid book order, and none for others", async () => {
      const stamp = new Date().toISOString();
      const order = (id: string, status: "paid" | "pending") => ({
        id,
        status,
        items: JSON.stringify([{ id: "pdf", name: "The book (PDF)", amountCents: 1995 }]),
        amount_total_cents: 1995,
        currency: "usd",
        email: "reader@example.com",
        first_name: "Rita",
        last_name: "Reader",
        billing_address: null,
        stripe_session_id: `cs_${id}`,
        stripe_payment_intent_id: null,
        amount_paid_cents: status === "paid" ? 1995 : null,
        created_at: stamp,
        updated_at: stamp,
        paid_at: status === "paid" ? stamp : null,
        refunded_at: null,
      });
      await database.db
        .insertInto("orders")
        .values([order(`paid-${dialect}`, "paid"), order(`pending-${dialect}`, "pending")])
        .execute();
      const browser = await signedIn();
      const page = await (await browser.request("/admin/orders?status=paid")).text();
      expect(page).toContain("Send a fresh download link");
      expect(page).toContain("$19.95");
      const csrf = await browser.csrfToken();
      const before = sink.received.length;
      const sent = await browser.request("/admin/orders", {
        form: { csrf, id: `paid-${dialect}` },
      });
      expect(sent.status).toBe(200);
      const delivered = await sink.waitFor(before + 1);
      const email = delivered.find((candidate) =>
        candidate.envelopeTo.includes("reader@example.com"),
      );
      expect(email?.parsed.text).toMatch(/\/downloads\/book\//);
      const refused = await browser.request("/admin/orders", {
        form: { csrf, id: `pending-${dialect}` },
      });
      expect(refused.status).toBe(409);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .where("subject", "=", `paid-${dialect}`)
        .execute();
      expect(audit).toEqual([{ action: "order.download-link" }]);
    });

    it("exports the filtered people and messages as CSV, formulas neutralised", async () => {
      const now = new Date();
      for (const [email, first] of [
        ["csv-one@example.com", '=HYPERLINK("http://evil")'],
        ["csv-two@example.com", 'Plain, "quoted"'],
        ["other@example.com", "Other"],
      ] as const) {
        const personId = await database.db
          .transaction()
          .execute((trx) =>
            rememberPerson(trx, { email, firstName: first, source: "/contact", now }),
          );
        await database.db
          .insertInto("contact_messages")
          .values({
            id: `csv-${email}-${dialect}`,
            first_name: first,
            last_name: "Exported",
            email,
            company: null,
            interest: "Private Consulting",
            message: "@SUM(1+1)",
            person_id: personId,
            created_at: now.toISOString(),
          })
          .execute();
      }
      const browser = await signedIn();
      const people = await browser.request("/admin/export/people?q=csv-");
      expect(people.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      const lines = (await people.text()).trim().split("\n");
      expect(lines[0]).toBe(peopleExportColumns.join(","));
      // Two dates, then nothing: no bounce, and on no list.
      const unlisted = ",".repeat(peopleExportColumns.length - 6);
      expect(lines.slice(1)).toEqual([
        `csv-one@example.com,"'=HYPERLINK(""http://evil"")",,/contact,${now.toISOString()},${now.toISOString()}${unlisted}`,
        `csv-two@example.com,"Plain, ""quoted""",,/contact,${now.toISOString()},${now.toISOString()}${unlisted}`,
      ]);
      const messages = await (
        await browser.request("/admin/export/messages?interest=Private+Consulting")
      ).text();
      expect(messages.trim().split("\n")).toHaveLength(4);
      expect(messages).toContain(",'@SUM(1+1)");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .where("action", "like", "export.%")
        .execute();
      expect(audit.map((entry) => entry.action).sort()).toEqual([
        "export.messages",
        "export.people",
      ]);
    });

    it("retries a failed email from the email health page", async () => {
      const now = new Date().toISOString();
      await database.db
        .insertInto("outbox_emails")
        .values({
          id: `failed-${dialect}`,
          purpose: "contact.acknowledgement",
          to_address: "bounce@example.com",
          from_address: "no-reply@console.test",
          reply_to: null,
          subject: "Thanks for your message",
          text_body: "Hello",
          html_body: null,
          headers: "{}",
          status: "failed",
          attempts: 8,
          next_attempt_at: now,
          last_error: "550 mailbox unavailable",
          created_at: now,
        })
        .execute();
      const browser = await signedIn();
      const html = await (await browser.request("/admin/email")).text();
      expect(html).toContain("550 mailbox unavailable");
      const csrf = await browser.csrfToken();
      const before = sink.received.length;
      const retried = await browser.request("/admin/email", {
        form: { csrf, id: `failed-${dialect}` },
      });
      expect(retried.status).toBe(200);
      const delivered = await sink.waitFor(before + 1);
      expect(delivered.some((email) => email.envelopeTo.includes("bounce@example.com"))).toBe(true);
      const again = await browser.request("/admin/email", {
        form: { csrf, id: `failed-${dialect}` },
      });
      expect(again.status).toBe(409);
    });

    it("counts an email that may not have gone out and sends it again on one press, audited", async () => {
      const now = new Date().toISOString();
      await database.db
        .insertInto("outbox_emails")
        .values({
          id: `uncertain-${dialect}`,
          purpose: "sales.receipt",
          to_address: "maybe@example.com",
          from_address: "no-reply@console.test",
          reply_to: null,
          subject: "Your receipt",
          text_body: "Thank you",
          html_body: null,
          headers: "{}",
          status: "uncertain",
          attempts: 1,
          next_attempt_at: now,
          last_error: "No reply to the end of the message after 600 s: it may have gone out",
          uncertain_at: now,
          created_at: now,
        })
        .execute();
      const browser = await signedIn();
      // React marks where adjacent text parts meet; the reader sees them joined.
      const page = async (url: string) =>
        (await (await browser.request(url)).text()).replaceAll("<!-- -->", "");
      const dashboard = await page("/admin");
      expect(dashboard).toMatch(
        /data-testid="uncertain-emails-count".*?>1<\/span> may not have gone out/s,
      );
      const health = await page("/admin/email");
      expect(health).toContain("1 may not have gone out");
      expect(health).toContain("Your receipt");
      expect(health).toContain("Send again");
      expect(health).not.toContain("Every email went out");

      const form = { intent: "resend-uncertain", id: `uncertain-${dialect}` };
      const forged = await browser.request("/admin/email", { form: { ...form, csrf: "forged" } });
      expect(forged.status).toBe(403);
      const status = async () =>
        (
          await database.db
            .selectFrom("outbox_emails")
            .select("status")
            .where("id", "=", `uncertain-${dialect}`)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await status()).toBe("uncertain");

      const csrf = await browser.csrfToken();
      const before = sink.received.length;
      const resent = await browser.request("/admin/email", { form: { ...form, csrf } });
      expect(resent.status).toBe(200);
      const delivered = await sink.waitFor(before + 1);
      expect(
        delivered.filter((email) => email.envelopeTo.includes("maybe@example.com")),
      ).toHaveLength(1);
      await expect.poll(status, { timeout: 15_000 }).toBe("sent");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "actor_email"])
        .where("subject", "=", `uncertain-${dialect}`)
        .execute();
      expect(audit).toEqual([{ action: "outbox.resend-uncertain", actor_email: admin }]);
      const again = await browser.request("/admin/email", { form: { ...form, csrf } });
      expect(again.status).toBe(409);
      expect(await page("/admin")).not.toContain("may not have gone out");
    });

    /** A sequence whose one step's email to one reader may not have gone out, its run set aside. */
    async function seedUncertainRun(tag: string) {
      const now = new Date().toISOString();
      const sequenceId = `${tag}-sequence-${dialect}`;
      const stepId = `${tag}-step-${dialect}`;
      const emailId = `${tag}-send-${dialect}`;
      await database.db
        .insertInto("sequences")
        .values({
          id: sequenceId,
          name: "Uncertain welcome",
          trigger: "newsletter_confirmed",
          trigger_detail: null,
          list: "newsletter",
          send_hour: 9,
          exit_product: null,
          exit_on_booking: 0,
          exit_on_registration: 0,
          exit_on_sequence_id: null,
          restart: "none",
          status: "active",
          created_at: now,
          updated_at: now,
        })
        .execute();
      await database.db
        .insertInto("sequence_steps")
        .values({
          id: stepId,
          sequence_id: sequenceId,
          position: 0,
          subject: "Welcome aboard",
          body_markdown: "Hello",
          delay_days: 0,
          removed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const personId = await seedPerson(database.db, {
        email: `${tag}-${dialect}@example.com`,
        now: new Date(now),
        lists: ["newsletter"],
      });
      await database.db
        .insertInto("sequence_enrollments")
        .values({
          id: `${emailId}-run`,
          sequence_id: sequenceId,
          person_id: personId,
          status: "uncertain",
          last_position: 0,
          last_step_id: stepId,
          last_done_at: now,
          next_due_at: null,
          ended_reason: "an email may not have gone out",
          started_at: now,
          updated_at: now,
        })
        .execute();
      await database.db
        .insertInto("sequence_sends")
        .values({
          id: emailId,
          enrollment_id: `${emailId}-run`,
          sequence_id: sequenceId,
          step_id: stepId,
          person_id: personId,
          queued_at: now,
          unsubscribed_at: null,
        })
        .execute();
      await database.db
        .insertInto("outbox_emails")
        .values({
          id: emailId,
          purpose: "sequence.step",
          to_address: `${tag}-${dialect}@example.com`,
          from_address: "no-reply@console.test",
          reply_to: null,
          subject: "Welcome aboard",
          text_body: "",
          html_body: null,
          headers: "{}",
          status: "uncertain",
          attempts: 1,
          next_attempt_at: now,
          last_error: "No reply to the end of the message after 600 s: it may have gone out",
          uncertain_at: now,
          broadcast_id: sequenceId,
          created_at: now,
        })
        .execute();
      return { sequenceId, stepId, emailId };
    }

    it("sends a sequence step's uncertain emails again from its page, with the CSRF token", async () => {
      const { sequenceId, stepId, emailId } = await seedUncertainRun("uncertain");
      const browser = await signedIn();
      const url = `/admin/sequences/${sequenceId}`;
      const html = (await (await browser.request(url)).text()).replaceAll("<!-- -->", "");
      expect(html).toContain("1 may not have gone out");
      expect(html).toContain("Send it again");

      const form = { intent: "resend-uncertain-step", stepId };
      const forged = await browser.request(url, { form: { ...form, csrf: "forged" } });
      expect(forged.status).toBe(403);
      const run = async () =>
        (
          await database.db
            .selectFrom("sequence_enrollments")
            .select("status")
            .where("id", "=", `${emailId}-run`)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await run()).toBe("uncertain");

      const csrf = await browser.csrfToken();
      const resent = await browser.request(url, { form: { ...form, csrf } });
      expect(resent.status).toBe(302);
      expect(await run()).toBe("active");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "actor_email"])
        .where("subject", "=", sequenceId)
        .execute();
      expect(audit).toEqual([{ action: "sequence.resend-uncertain", actor_email: admin }]);
      const again = await browser.request(url, { form: { ...form, csrf } });
      expect(again.status).toBe(409);
    });

    it("dismisses an uncertain email from a step's list: counted as sent, its run finished, once", async () => {
      const { sequenceId, emailId } = await seedUncertainRun("dismissed");
      const browser = await signedIn();
      const url = `/admin/sequences/${sequenceId}`;
      const html = (await (await browser.request(url)).text()).replaceAll("<!-- -->", "");
      expect(html).toContain("Dismiss");

      const form = { intent: "dismiss-uncertain", id: emailId };
      const forged = await browser.request(url, { form: { ...form, csrf: "forged" } });
      expect(forged.status).toBe(403);
      const email = () =>
        database.db
          .selectFrom("outbox_emails")
          .select(["status", "last_error"])
          .where("id", "=", emailId)
          .executeTakeFirstOrThrow();
      const run = async () =>
        (
          await database.db
            .selectFrom("sequence_enrollments")
            .select("status")
            .where("id", "=", `${emailId}-run`)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await email()).toMatchObject({ status: "uncertain" });

      const csrf = await browser.csrfToken();
      const dismissed = await browser.request(url, { form: { ...form, csrf } });
      expect(dismissed.status).toBe(302);
      expect(await email()).toEqual({ status: "sent", last_error: "sent (owner confirmed)" });
      expect(await run()).toBe("finished");
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["action", "actor_email"])
        .where("subject", "=", emailId)
        .execute();
      expect(audit).toEqual([{ action: "outbox.dismiss-uncertain", actor_email: admin }]);
      const again = await browser.request(url, { form: { ...form, csrf } });
      expect(again.status).toBe(409);
      const fromHealth = await browser.request("/admin/email", { form: { ...form, csrf } });
      expect(fromHealth.status).toBe(409);
      const after = (await (await browser.request(url)).text()).replaceAll("<!-- -->", "");
      expect(after).not.toContain("may not have gone out");
    });
  });
}
