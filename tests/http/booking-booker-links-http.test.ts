import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signLink } from "~/.server/core/signed-links";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const hour = 3_600_000;

// One database (decision 327): the booker's pages and forms; the links' rows run on both in
// booking-booker-links.
for (const dialect of httpDialects) {
  describe(`the booker's links over HTTP, without JavaScript, on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let mailDir: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      mailDir = mkdtempSync(path.join(tmpdir(), "booker-links-mail-"));
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        MAIL_DIR: mailDir,
        SITE_URL: "http://booking.test",
        TRUST_PROXY: "loopback",
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });

    /** A confirmed intro call starting `fromNow` ms from now, as a booking would leave it. */
    async function session(fromNow: number) {
      const id = randomUUID();
      const start = Math.ceil((Date.now() + fromNow) / hour) * hour;
      const at = new Date().toISOString();
      await database.db
        .insertInto("bookings")
        .values({
          id,
          kind: "intro",
          status: "confirmed",
          starts_at: new Date(start).toISOString(),
          ends_at: new Date(start + hour / 3).toISOString(),
          blocked_from_minute: start / 60_000,
          blocked_until_minute: start / 60_000 + 35,
          name: "Priya",
          email: "priya@example.com",
          time_zone: "Asia/Kolkata",
          meeting_url: "https://meet.example/room",
          invite_sequence: 0,
          created_at: at,
          updated_at: at,
          confirmed_at: at,
        })
        .execute();
      return id;
    }
    const link = (purpose: "booking-cancel" | "booking-reschedule", id: string) =>
      `${server.baseURL}/booking/${purpose === "booking-cancel" ? "cancel" : "reschedule"}/${signLink(builtServerLinkSecret, purpose, id, null)}`;
    const post = (url: string, fields: Record<string, string> = {}) =>
      fetch(url, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.baseURL,
          "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        },
        body: new URLSearchParams(fields),
      });
    const statusOf = async (id: string) =>
      (
        await database.db
          .selectFrom("bookings")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).status;

    it("cancels with a plain form post before the cut-off, and then says it is cancelled", async () => {
      const id = await session(72 * hour);
      const page = await fetch(link("booking-cancel", id));
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('method="post"');
      expect(html).toContain("Cancel the session");
      // Opening the page changed nothing.
      expect(await statusOf(id)).toBe("confirmed");
      const posted = await post(link("booking-cancel", id));
      expect(posted.status).toBe(200);
      expect(await posted.text()).toContain("Your session is cancelled");
      expect(await statusOf(id)).toBe("cancelled");
      const again = await fetch(link("booking-reschedule", id));
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("This session is cancelled");
    });

    it("refuses after the cut-off with a 409 that names the contact page, changing nothing", async () => {
      const id = await session(3 * hour);
      const page = await fetch(link("booking-reschedule", id));
      expect(page.status).toBe(409);
      const html = await page.text();
      expect(html).toContain("can no longer be changed online");
      expect(html).toContain('href="/contact"');
      expect((await post(link("booking-cancel", id))).status).toBe(409);
      expect(await statusOf(id)).toBe("confirmed");
    });

    it("answers a forged link 404 and a bad time 400", async () => {
      const id = await session(72 * hour);
      expect((await fetch(`${link("booking-cancel", id)}x`)).status).toBe(404);
      expect((await post(`${link("booking-cancel", id)}x`)).status).toBe(404);
      const bad = await post(link("booking-reschedule", id), { start: "soon", timeZone: "UTC" });
      expect(bad.status).toBe(400);
      expect(await statusOf(id)).toBe("confirmed");
    });
  });
}
