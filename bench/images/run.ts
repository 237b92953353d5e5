// Memory and time of large image uploads through the built server (`npm run bench:images`).
// Starts the server on SQLite, signs in, waits for idle memory, then uploads UPLOADS (default 10)
// large images, AT_ONCE (default 3) at a time: half 49-megapixel PNGs of a few hundred KB (the
// decompression bomb just under the cap), half phone photos over 20 MB. Prints the resident
// memory idle before (and once sharp is loaded by a small image), its peak, and idle again after (IDLE_SECONDS, default 20, after the last
// answer: V8 and the allocator give memory back in a quiet spell), and each upload's time.
// SERVER_ENV adds settings to the server's environment (MALLOC_ARENA_MAX=2, say) to compare;
// SERVER_SCRIPT runs another build's entry (an older build, to compare with).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { sessionCookieHeader } from "../../app/.server/admin/admin-request";
import { createAdminSession } from "../../app/.server/admin/admin-sessions";
import type { AppConfig } from "../../app/.server/core/config";
import { startBuiltServer } from "../../support/built-server";
import { phonePhoto } from "../../support/phone-photo";
import { createTestDatabase } from "../../support/test-databases";
import { peakResidentMb, resetPeakResident } from "../process-stats";

const uploads = Number(process.env.UPLOADS ?? 10);
const atOnce = Number(process.env.AT_ONCE ?? 3);
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 20);
const serverEnv = Object.fromEntries(
  (process.env.SERVER_ENV ?? "")
    .split(" ")
    .filter(Boolean)
    .map((pair) => pair.split("=") as [string, string]),
);

const admin = "owner@bench.test";
const siteUrl = "http://bench-images.test";
const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const seconds = (count: number) => new Promise((resolve) => setTimeout(resolve, count * 1000));

/** 49 megapixels, nearly all one colour: a small file, a large canvas. `seed` makes each unique. */
function bombPng(seed: number) {
  return sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#c0a080" } })
    .composite([
      {
        input: {
          create: { width: 8, height: 8, channels: 3, background: { r: seed, g: 0, b: 0 } },
        },
        left: seed,
        top: seed,
      },
    ])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const database = await createTestDatabase("sqlite");
const dir = mkdtempSync(path.join(tmpdir(), "bench-images-"));
const images: { name: string; bytes: Buffer }[] = [];
for (let index = 0; index < uploads; index++)
  images.push(
    index % 2 === 0
      ? { name: `bomb-${index}.png`, bytes: await bombPng(index) }
      : { name: `phone-${index}.jpg`, bytes: await phonePhoto() },
  );

const server = await startBuiltServer(
  {
    DATABASE_URL: database.url,
    SITE_URL: siteUrl,
    ADMIN_EMAILS: admin,
    MAIL_DIR: path.join(dir, "mail"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    LOG_LEVEL: "warn",
    ...serverEnv,
  },
  [],
  process.env.SERVER_SCRIPT,
);
const config = { SITE_URL: siteUrl, ADMIN_SESSION_MAX_HOURS: 12 } as AppConfig;
const session = await createAdminSession(database.db, { email: admin, now: new Date(), config });
const cookie = (await sessionCookieHeader({ config } as AppLoadContext, session.token)).split(
  ";",
)[0]!;
const { csrf_token: csrf } = await database.db
  .selectFrom("admin_sessions")
  .select("csrf_token")
  .where("id", "=", session.id)
  .executeTakeFirstOrThrow();

async function upload({ name, bytes }: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.set("csrf", csrf);
  form.set("alt", "A bench image");
  form.set("file", new Blob([new Uint8Array(bytes)]), name);
  const started = performance.now();
  const response = await fetch(`${server.baseURL}/admin/content/images`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: server.baseURL },
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`${name}: ${response.status} ${answer}`);
  return { name, megabytes: bytes.byteLength / 1024 / 1024, ms: performance.now() - started };
}

// One page view first, so the idle figure is a server that has served, as in production.
await fetch(`${server.baseURL}/`);
await seconds(idleSeconds);
const idleAtStart = residentMb(server.pid);
// Then one small image, so whatever an upload loads (sharp in the server before decision 332) is
// loaded before the idle figure compared with.
await upload({
  name: "small.png",
  bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } })
    .png()
    .toBuffer(),
});
await seconds(idleSeconds);
const idleBefore = residentMb(server.pid);
resetPeakResident(server.pid);
const timings: Awaited<ReturnType<typeof upload>>[] = [];
for (let next = 0; next < images.length; next += atOnce)
  timings.push(...(await Promise.all(images.slice(next, next + atOnce).map(upload))));
const peak = peakResidentMb(server.pid);
const justAfter = residentMb(server.pid);
await seconds(idleSeconds);
const idleAfter = residentMb(server.pid);
await server.stop();
await database.dispose();
rmSync(dir, { recursive: true, force: true });

console.log(`server env: ${process.env.SERVER_ENV || "(none added)"}`);
console.log(`server script: ${process.env.SERVER_SCRIPT ?? "build/server.js"}`);
for (const { name, megabytes, ms } of timings)
  console.log(
    `${name.padEnd(14)} ${megabytes.toFixed(1).padStart(5)} MB  ${(ms / 1000).toFixed(1)} s`,
  );
console.log(`resident memory idle, no image yet: ${idleAtStart.toFixed(0)} MB`);
console.log(`idle after one small image: ${idleBefore.toFixed(0)} MB`);
console.log(`peak during ${uploads} uploads, ${atOnce} at a time: ${peak.toFixed(0)} MB`);
console.log(`just after the last answer: ${justAfter.toFixed(0)} MB`);
console.log(
  `idle again (${idleSeconds} s later): ${idleAfter.toFixed(0)} MB (${(idleAfter - idleBefore).toFixed(0)} MB over idle)`,
);
