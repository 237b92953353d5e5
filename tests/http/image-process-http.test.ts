import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieHeader } from "~/.server/admin/admin-request";
import { createAdminSession } from "~/.server/admin/admin-sessions";
import type { AppConfig } from "~/.server/core/config";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

const admin = "owner@image-process.test";
const siteUrl = "http://image-process.test";

/** The server's image process, if one runs now (decision 332). */
function imageProcessOf(serverPid: number) {
  const children = readdirSync(`/proc/${serverPid}/task`).flatMap((task) =>
    readFileSync(`/proc/${serverPid}/task/${task}/children`, "utf8").split(" ").filter(Boolean),
  );
  return children
    .map(Number)
    .find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("image-process-child"));
}

/** Resolves once `pid` has ended (the tests' own timeout bounds the wait). */
async function ended(pid: number) {
  while (existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z "))
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** A small image of its own colour, so each upload is decoded anew. */
const swatch = (red: number) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: red, g: 90, b: 50 } } })
    .png()
    .toBuffer();

describe("the image process of the built server", () => {
  let database: TestDatabase;
  let server: BuiltServer;
  let dir: string;
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    dir = mkdtempSync(path.join(tmpdir(), "image-process-"));
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      SITE_URL: siteUrl,
      ADMIN_EMAILS: admin,
      MAIL_DIR: path.join(dir, "mail"),
      UPLOADS_DIR: path.join(dir, "uploads"),
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
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function upload(red: number) {
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("alt", "A swatch");
    form.set("file", new Blob([new Uint8Array(await swatch(red))]), `swatch-${red}.png`);
    const response = await fetch(`${server.baseURL}/admin/content/images`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: server.baseURL },
    });
    expect(response.status).toBe(200);
  }

  it("keeps one process warm between uploads, which ends once idle and starts again", async () => {
    await upload(10);
    const first = imageProcessOf(server.pid);
    expect(first).toBeDefined();
    await upload(20);
    // Warm: the second upload went to the same process.
    expect(imageProcessOf(server.pid)).toBe(first);
    await ended(first!);
    expect(imageProcessOf(server.pid)).toBeUndefined();
    await upload(30);
    const second = imageProcessOf(server.pid);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 60_000);

  it("ends with a server that is killed", async () => {
    await upload(40);
    const child = imageProcessOf(server.pid)!;
    expect(child).toBeDefined();
    process.kill(server.pid, "SIGKILL");
    // Ended: gone, or a zombie nobody reaps (a container's first process may not).
    await ended(child);
  }, 60_000);
});
