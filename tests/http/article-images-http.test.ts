import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "~/.server/admin/admin-request";
import { createAdminSession } from "~/.server/admin/admin-sessions";
import type { AppConfig } from "~/.server/core/config";
import { consoleArticle, createArticle } from "~/.server/publishing";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { phonePhoto } from "../../support/phone-photo";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const admin = "owner@images.test";
const siteUrl = "http://images.test";
/** The EXIF tag that points at the GPS directory, as it is written in a little-endian file. */
const gpsPointerTag = Buffer.from([0x25, 0x88]);

/** A photo as a phone keeps it: wider than the widest variant, with where it was taken. */
async function photoWithLocation(format: "png" | "jpeg") {
  const image = sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 190, g: 90, b: 50 } },
  }).withExif({
    IFD0: { Make: "TestCam" },
    IFD3: {
      GPSLatitudeRef: "N",
      GPSLatitude: "40/1 1/1 0/1",
      GPSLongitudeRef: "W",
      GPSLongitude: "105/1 16/1 0/1",
    },
  });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A PNG whose header declares a canvas of `width` by `height`: its size is read, never decoded. */
async function pngDeclaring(width: number, height: number) {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: "white" },
  })
    .png()
    .toBuffer();
  // The IHDR chunk: its length at 8, type at 12, width and height at 16 and 20, CRC after its 13 bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const pdfBytes = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n",
);

// One database (decision 327): uploads and image answers; stored uploads run on both in
// upload-sweep.
for (const dialect of httpDialects) {
  describe(`article images over HTTP on ${dialect}`, () => {
    let database: TestDatabase;
    let server: BuiltServer;
    let uploadsDir: string;
    let mailDir: string;
    let cookie: string;
    let csrf: string;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      uploadsDir = mkdtempSync(path.join(tmpdir(), "article-images-"));
      mailDir = mkdtempSync(path.join(tmpdir(), "article-images-mail-"));
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
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
      for (const dir of [uploadsDir, mailDir])
        if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** A post as the console's upload sends it: the CSRF field, the alt text, then the file. */
    function upload(file: Buffer, name: string, { alt = "A desk by a window", token = csrf } = {}) {
      const form = new FormData();
      form.set("csrf", token);
      form.set("alt", alt);
      form.set("file", new Blob([new Uint8Array(file)]), name);
      return fetch(`${server.baseURL}/admin/content/images`, {
        method: "POST",
        body: form,
        headers: { Cookie: cookie, Origin: server.baseURL },
      });
    }

    const imageRows = () => database.db.selectFrom("uploaded_images").selectAll().execute();
    const imageFolders = () =>
      existsSync(path.join(uploadsDir, "images"))
        ? readdirSync(path.join(uploadsDir, "images"))
        : [];

    /** Uploads being received, or left behind by one that was not cleaned up. */
    const receivedFiles = () =>
      readdirSync(uploadsDir).filter((name) => name.startsWith(".received-"));

    it("refuses what is not what its name says, too large, or without alt text, keeping nothing", async () => {
      const png = await photoWithLocation("png");
      const pngAsPdf = await upload(png, "scan.pdf");
      expect(pngAsPdf.status).toBe(415);
      expect((await pngAsPdf.json()).error).toBe(
        "The file's name ends in .pdf, but it is a PNG image: rename it or choose the right file.",
      );
      const pdfAsPng = await upload(pdfBytes, "photo.png");
      expect(pdfAsPng.status).toBe(415);
      expect((await pdfAsPng.json()).error).toBe(
        "This file is a PDF document, not an image the site can show: upload a JPEG, PNG or WebP image.",
      );
      // Past the 25 MB cap, whatever it starts like, with what to do instead.
      const oversized = Buffer.alloc(31 * 1024 * 1024, 0);
      png.copy(oversized);
      const tooLarge = await upload(oversized, "huge.png");
      expect(tooLarge.status).toBe(413);
      expect((await tooLarge.json()).error).toBe(
        'This image is 31 MB; the limit is 25 MB. Export it smaller (for example "Medium" in your phone\'s share sheet) and try again.',
      );
      const tooManyPixels = await upload(await pngDeclaring(10_000, 6_000), "poster.png");
      expect(tooManyPixels.status).toBe(400);
      expect((await tooManyPixels.json()).error).toBe(
        'This image is 60 megapixels; the limit is 50. Export it smaller (for example "Medium" in your phone\'s share sheet) and try again.',
      );
      const noAlt = await upload(png, "photo.png", { alt: "  " });
      expect(noAlt.status).toBe(400);
      expect((await noAlt.json()).error).toBe("Describe the image for readers who cannot see it.");
      const damaged = await upload(png.subarray(0, 200), "photo.png");
      expect(damaged.status).toBe(400);
      expect((await upload(png, "photo.png", { token: "forged" })).status).toBe(403);
      expect(await imageRows()).toEqual([]);
      expect(imageFolders()).toEqual([]);
      expect(receivedFiles()).toEqual([]);
    });

    it("decodes in its own process: the server never loads libvips, and keeps no upload", async () => {
      const response = await upload(await photoWithLocation("jpeg"), "decoded-elsewhere.jpg");
      expect(response.status).toBe(200);
      const maps = readFileSync(`/proc/${server.pid}/maps`, "utf8");
      // The fixture's own check: the maps are read, and name the libraries the server did load.
      expect(maps).toMatch(/libnode|node/);
      expect(maps).not.toMatch(/libvips/);
      expect(receivedFiles()).toEqual([]);
    });

    it("keeps an upload without its location, as AVIF, WebP and its own format at each width", async () => {
      for (const format of ["png", "jpeg"] as const) {
        const photo = await photoWithLocation(format);
        // The fixture does carry a location, so its absence below means something.
        expect((await sharp(photo).metadata()).exif?.includes(gpsPointerTag)).toBe(true);
        const response = await upload(photo, `photo.${format === "png" ? "png" : "jpg"}`);
        expect(response.status).toBe(200);
        const answer = (await response.json()) as { src: string; width: number; height: number };
        const fallback = format === "png" ? "png" : "jpg";
        expect(answer).toMatchObject({ width: 1440, height: 810 });
        expect(answer.src).toMatch(new RegExp(`^/media/[0-9a-f]{32}-1440x810/1440\\.${fallback}$`));
        const folder = answer.src.split("/")[2]!;
        for (const width of [480, 960, 1440]) {
          for (const [extension, type] of [
            ["avif", "image/avif"],
            ["webp", "image/webp"],
            [fallback, format === "png" ? "image/png" : "image/jpeg"],
          ] as const) {
            const file = await fetch(`${server.baseURL}/media/${folder}/${width}.${extension}`);
            expect(file.status, `${width}.${extension}`).toBe(200);
            expect(file.headers.get("content-type")).toBe(type);
            expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
            const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
            expect(metadata.width).toBe(width);
            expect(metadata.exif, `${width}.${extension} keeps no EXIF`).toBeUndefined();
          }
        }
        // The same image again is the same address, kept once.
        expect(
          ((await (await upload(photo, `again.${fallback}`)).json()) as { src: string }).src,
        ).toBe(answer.src);
      }
      expect(await imageRows()).toHaveLength(2);
      expect(imageFolders()).toHaveLength(2);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select("action")
        .where("action", "=", "image.upload")
        .execute();
      expect(audit).toHaveLength(2);
      expect((await fetch(`${server.baseURL}/media/nothing-here/480.avif`)).status).toBe(404);
    });

    it("takes a phone's 20 MB photos, two sent at once processed one after the other", async () => {
      const photos = [await phonePhoto(), await phonePhoto()];
      for (const photo of photos) expect(photo.byteLength).toBeGreaterThan(20 * 1024 * 1024);
      const logged = server.output().length;
      const answers = await Promise.all(photos.map((photo) => upload(photo, "phone.jpg")));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(await answer.json()).toMatchObject({ width: 1440, height: 1080 });
      }
      // Each image's turn starts only once the one before it has ended.
      const turns = server
        .output()
        .slice(logged)
        .split("\n")
        .filter((line) => line.includes('"image processing'))
        .map((line) => JSON.parse(line) as { msg: string; image: string });
      expect(turns.map((turn) => turn.msg)).toEqual([
        "image processing started",
        "image processing ended",
        "image processing started",
        "image processing ended",
      ]);
      expect(turns[0]!.image).toBe(turns[1]!.image);
      expect(turns[2]!.image).toBe(turns[3]!.image);
      expect(receivedFiles()).toEqual([]);
    }, 240_000);

    it("writes a cover and a body image with their variants, width and height", async () => {
      const response = await upload(await photoWithLocation("jpeg"), "cover.jpg");
      const { src } = (await response.json()) as { src: string };
      const { id } = await createArticle(
        { db: database.db, clock: { now: () => new Date() } },
        {
          actor: admin,
        },
      );
      const slug = `pictures-${dialect}`;
      const body = {
        type: "doc",
        content: [
          { type: "paragraph", content: [{ type: "text", text: "A paragraph before." }] },
          { type: "image", attrs: { src, alt: "The desk in the morning" } },
        ],
      };
      const published = await fetch(`${server.baseURL}/admin/content/${id}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: cookie,
          Origin: server.baseURL,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          csrf,
          baseRevision: String((await consoleArticle(database.db, id))!.draftRevision),
          intent: "publish",
          slug,
          title: "Pictures",
          excerpt: "An article with pictures.",
          category: "Practice",
          coverImage: src,
          coverAlt: "A desk by a window",
          body: JSON.stringify(body),
        }),
      });
      expect(published.status).toBe(200);
      const page = await (await fetch(`${server.baseURL}/articles/${slug}`)).text();
      const pictures = [...page.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!);
      expect(pictures).toHaveLength(2);
      const folder = src.split("/")[2];
      // React writes the cover's `srcSet` as it is named; HTML reads attribute names in any case.
      for (const picture of pictures.map((found) => found.toLowerCase())) {
        expect(picture).toContain(
          `<source type="image/avif" srcset="/media/${folder}/480.avif 480w, /media/${folder}/960.avif 960w, /media/${folder}/1440.avif 1440w"`,
        );
        expect(picture).toContain(`/media/${folder}/960.webp 960w`);
        expect(picture).toMatch(/width="1440" height="810"/);
      }
      expect(page).toContain('alt="A desk by a window"');
      expect(page).toContain('alt="The desk in the morning"');
    });
  });
}
