import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import http from "node:http";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "~/.server/admin/admin-request";
import { createAdminSession } from "~/.server/admin/admin-sessions";
import type { AppConfig } from "~/.server/core/config";
import { createResource } from "~/.server/publishing";
import { ManualClock } from "../../support/manual-clock";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const admin = "owner@resources-http.test";
const siteUrl = "http://resources.test";
const practiceMp3 = readFileSync(
  path.join(import.meta.dirname, "../../public/downloads/ego-interrupt-practice.mp3"),
);
const pngBytes = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

// Both databases (decision 327): the console's content list and preview queries run here alone.
for (const dialect of allDialects) {
  describe(`console resources over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let uploadsDir: string;
    let mailDir: string;
    let cookie: string;
    let csrf: string;
    let practiceId: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      uploadsDir = mkdtempSync(path.join(tmpdir(), "resources-http-"));
      mailDir = mkdtempSync(path.join(tmpdir(), "resources-http-mail-"));
      server = await startBuiltServer({
        DATABASE_URL: database.url,
        SITE_URL: siteUrl,
        ADMIN_EMAILS: admin,
        MAIL_DIR: mailDir,
        UPLOADS_DIR: uploadsDir,
      });
      const config = { SITE_URL: siteUrl, ADMIN_SESSION_MAX_HOURS: 12 } as AppConfig;
      const session = await createAdminSession(database.db, {
        email: admin,
        now: new Date(),
        config,
      });
      cookie = (await sessionCookieHeader({ config } as AppLoadContext, session.token)).split(
        ";",
      )[0]!;
      const row = await database.db
        .selectFrom("admin_sessions")
        .select("csrf_token")
        .where("id", "=", session.id)
        .executeTakeFirstOrThrow();
      csrf = row.csrf_token;
      ({ id: practiceId } = await createResource(
        { db: database.db, clock: new ManualClock(new Date().toISOString()) },
        { actor: admin, kind: "audio" },
      ));
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
      for (const dir of [uploadsDir, mailDir])
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** The console's resource form, posted without JavaScript: CSRF first, then the fields and the file. */
    function post(
      intent: string,
      file?: { bytes: Buffer; name: string },
      token = csrf,
      fields: Record<string, string> = {},
    ) {
      const form = new FormData();
      form.set("csrf", token);
      form.set("title", "Calm Before the Call");
      form.set("description", "A short practice to settle before you dial.");
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (file) form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
      form.set("intent", intent);
      return postOnItsOwnConnection(
        `${server.baseURL}/admin/content/resources/${practiceId}`,
        form,
      );
    }

    /**
     * Each post on a new connection: on the loaded machine a pooled one can pass the server's
     * keep-alive timeout between two requests, and a body written to it fails with EPIPE.
     */
    async function postOnItsOwnConnection(url: string, form: FormData) {
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      return new Promise<{ status: number; text: () => Promise<string> }>((resolve, reject) => {
        const request = http.request(
          url,
          {
            method: "POST",
            agent: false,
            headers: {
              Cookie: cookie,
              Origin: server.baseURL,
              "Content-Type": encoded.headers.get("Content-Type")!,
              "Content-Length": body.length,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => {
              const text = Buffer.concat(chunks).toString("utf8");
              resolve({ status: response.statusCode!, text: async () => text });
            });
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    }

    const keptFiles = () =>
      existsSync(path.join(uploadsDir, "files")) ? readdirSync(path.join(uploadsDir, "files")) : [];

    it("publishes a practice onto /resources, /all-resources, the sitemap and the feed, its file served", async () => {
      const published = await post("publish", { bytes: practiceMp3, name: "calm.mp3" });
      expect(published.status).toBe(200);
      expect(await published.text()).toContain("Published on /resources and /all-resources.");
      const [fileId] = keptFiles();
      expect(fileId).toMatch(/^[0-9a-f]{32}\.mp3$/);
      const href = `/media/files/${fileId}`;
      for (const page of ["/resources", "/all-resources"]) {
        const html = await (await fetch(`${server.baseURL}${page}`)).text();
        expect(html, page).toContain("Calm Before the Call");
        expect(html, page).toContain(`href="${href}" download="Calm-Before-the-Call.mp3"`);
        expect(html, page).toContain("1 min 45 sec");
      }
      expect(await (await fetch(`${server.baseURL}/sitemap.xml`)).text()).toContain(
        `<loc>${siteUrl}${href}</loc>`,
      );
      expect(await (await fetch(`${server.baseURL}/feed.xml`)).text()).toMatch(
        new RegExp(`<enclosure url="${siteUrl}${href}" length="\\d+" type="audio/mpeg"/>`),
      );
      const file = await fetch(`${server.baseURL}${href}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("audio/mpeg");
      expect(file.headers.get("Cache-Control")).toContain("immutable");
      expect(Buffer.from(await file.arrayBuffer())).toEqual(practiceMp3);

      const unpublished = await post("unpublish");
      expect(unpublished.status).toBe(200);
      const html = await (await fetch(`${server.baseURL}/resources`)).text();
      expect(html).not.toContain("Calm Before the Call");
    }, 120_000);
    it("keeps each save as a revision, shows what changed, restores one, and previews the draft", async () => {
      const editor = `${server.baseURL}/admin/content/resources/${practiceId}`;
      const page = (url: string) => fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
      // React's markers between adjacent texts, left out to read the page as it reads.
      const textOf = async (response: Response) =>
        (await response.text()).replaceAll("<!-- -->", "");
      // The published practice (revision 2) edited by an autosave: a new revision, nothing public.
      const autosaved = await post("autosave", undefined, csrf, {
        title: "Calm Before the Call, Revised",
      });
      expect(autosaved.status).toBe(200);
      expect(await autosaved.text()).toContain("Saved as revision 3.");
      const unchanged = await post("autosave", undefined, csrf, {
        title: "Calm Before the Call, Revised",
      });
      expect(await unchanged.text()).toContain("Nothing changed.");

      const compared = await textOf(await page(`${editor}?from=2&to=3`));
      expect(compared).toContain('aria-label="Changes from revision 2 to 3"');
      expect(compared).toContain("- Title: Calm Before the Call<");
      expect(compared).toContain("+ Title: Calm Before the Call, Revised<");
      expect(compared).toMatch(/Revision 2 \(live\) by owner@resources-http\.test/);
      expect(compared).toContain("Revision 3 (draft)");

      const preview = await page(`${editor}/preview`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
      const previewHtml = await textOf(preview);
      expect(previewHtml).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(previewHtml).toContain("Calm Before the Call, Revised");
      expect(previewHtml).toContain("1 min 45 sec");
      expect(previewHtml).toContain('download="Calm-Before-the-Call-Revised.mp3"');
      // Owner only: without the session the preview is not drawn.
      const stranger = await fetch(`${editor}/preview`, { redirect: "manual" });
      expect(stranger.status).not.toBe(200);
      expect(await stranger.text()).not.toContain("Calm Before the Call, Revised");

      const form = new FormData();
      form.set("csrf", csrf);
      form.set("revision", "2");
      form.set("intent", "restore");
      const restored = await postOnItsOwnConnection(editor, form);
      expect(restored.status).toBe(302);
      const history = await textOf(await page(editor));
      expect(history).toContain("Revision 4 (draft)");
      expect(history).toContain('value="Calm Before the Call"');
      expect(history).toContain("Restore revision 3");
    }, 120_000);
    it("refuses a PNG or an MP3 named as another file, and a file over the cap, keeping nothing", async () => {
      // After the publish below: a refusal's cut connection is the last this server's pool sees.
      const kept = keptFiles();
      const rows = await database.db.selectFrom("uploaded_files").selectAll().execute();
      const png = await post("save", { bytes: pngBytes, name: "practice.mp3" });
      expect(png.status).toBe(415);
      expect(await png.text()).toContain("This file is a PNG image: a practice is an MP3 file.");
      const misnamed = await post("save", { bytes: practiceMp3, name: "practice.pdf" });
      expect(misnamed.status).toBe(415);
      expect(await misnamed.text()).toContain(
        "The file&#x27;s name ends in .pdf, but it is an MP3 audio file",
      );
      const oversized = Buffer.alloc(50 * 1024 * 1024 + 1, 0);
      practiceMp3.copy(oversized);
      const tooLarge = await post("publish", { bytes: oversized, name: "long.mp3" });
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.text()).toContain("The file is larger than 50 MB.");
      expect(keptFiles()).toEqual(kept);
      const refused = await post("save", { bytes: practiceMp3, name: "practice.mp3" }, "forged");
      expect(refused.status).toBe(403);
      expect(keptFiles()).toEqual(kept);
      expect(await database.db.selectFrom("uploaded_files").selectAll().execute()).toEqual(rows);
    }, 120_000);
  });
}
