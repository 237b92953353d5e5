import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { consolePublisher } from "../../support/console-publisher";
import { startNginx, type Nginx } from "../../support/nginx";
import { createTestDatabase, type TestDatabase } from "../../support/test-databases";

// Two built instances on one PostgreSQL behind nginx with the shipped site config (issue 36,
// point 6): an article published or unpublished through one is served the same way by both.
const owner = "owner@articles.test";
let database: TestDatabase;
let servers: BuiltServer[] = [];
let nginx: Nginx;
const mailDir = mkdtempSync(path.join(tmpdir(), "articles-nginx-mail-"));

beforeAll(async () => {
  database = await createTestDatabase("postgres");
  const env = {
    DATABASE_URL: database.url,
    SITE_URL: "http://articles.test",
    ADMIN_EMAILS: owner,
    MAIL_DIR: mailDir,
    TRUST_PROXY: "loopback",
  };
  servers = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
  nginx = await startNginx({ upstreams: servers.map((server) => new URL(server.baseURL).host) });
});
afterAll(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await database?.dispose();
  rmSync(mailDir, { recursive: true, force: true });
});

/** Polls `path` on each instance until `ready` holds for both, and answers how long it took. */
async function bothServe(path: string, ready: (status: number, body: string) => boolean) {
  const started = Date.now();
  for (const server of servers)
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.baseURL}${path}`);
          return ready(response.status, await response.text());
        },
        { timeout: 2_000, interval: 50 },
      )
      .toBe(true);
  return Date.now() - started;
}

it("serves an article published through one instance from both within two seconds, and its removal", async () => {
  const publisher = await consolePublisher(database.db, { email: owner });
  const id = await publisher.newArticle();
  const [through, other] = servers as [BuiltServer, BuiltServer];
  // Both have drawn the lists before the change: the other learns of it from the database alone.
  for (const server of servers)
    expect((await fetch(`${server.baseURL}/resources`)).status).toBe(200);

  expect(
    (await publisher.publish(through.baseURL, id, { slug: "seen-by-both", title: "Seen By Both" }))
      .status,
  ).toBe(200);
  // The instance that published answers its first visitor from the pages it rendered at publish.
  const first = await fetch(`${through.baseURL}/articles/seen-by-both`);
  expect(first.status).toBe(200);
  expect(first.headers.get("x-content-cache")).toBe("hit");
  expect(first.headers.get("etag")).toBeTruthy();
  expect(await bothServe("/articles/seen-by-both", (status) => status === 200)).toBeLessThan(2_000);
  expect(
    await bothServe(
      "/resources",
      (status, body) => status === 200 && body.includes("Seen By Both"),
    ),
  ).toBeLessThan(2_000);
  expect(
    await bothServe("/feed.xml", (status, body) => status === 200 && body.includes("seen-by-both")),
  ).toBeLessThan(2_000);
  // Through nginx, whichever instance answers, the same page.
  const bodies = new Set<string>();
  for (let visit = 0; visit < 4; visit++) {
    const answer = await fetch(`${nginx.baseURL}/articles/seen-by-both`);
    expect(answer.status).toBe(200);
    bodies.add(await answer.text());
  }
  expect(bodies.size).toBe(1);

  expect((await publisher.unpublish(other.baseURL, id)).status).toBe(200);
  expect(await bothServe("/articles/seen-by-both", (status) => status === 410)).toBeLessThan(2_000);
  expect(
    await bothServe(
      "/resources",
      (status, body) => status === 200 && !body.includes("Seen By Both"),
    ),
  ).toBeLessThan(2_000);
  expect((await fetch(`${nginx.baseURL}/articles/seen-by-both`)).status).toBe(410);
});
