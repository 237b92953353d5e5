import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  builtServerLinkSecret,
  startBuiltServer,
  type BuiltServer,
} from "../../support/built-server";
import { builtServerFormToken } from "../../support/form-token";
import { httpDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// Where the outbox is sent (OUTBOX_WORKER, decision 093): the built server's own thread, woken by
// the request that queued the email, or a process of its own (`npm run worker`).

/** Far longer than the tests' limits: an email that arrives at all was sent because of a wake. */
const pollIntervalMs = "600000";

function postContact(server: BuiltServer, index: number) {
  return fetch(`${server.baseURL}/functions/v1/send-contact-email`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      firstName: "Grace",
      lastName: "Hopper",
      email: `grace.${index}@example.com`,
      interest: "Keynote Speaking",
      message: "A message long enough to pass, about a keynote next spring.",
      formToken: builtServerFormToken(builtServerLinkSecret),
    }),
  });
}

/**
 * The `.eml` files once `count` are written. No deadline of its own (30 s failed at load 21): the
 * test's limit, well under the poll interval, ends a wait for emails that never come.
 */
async function emailFiles(mailDir: string, count: number) {
  for (;;) {
    const files = existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith(".eml")) : [];
    if (files.length >= count) return files;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// One database (decision 327): where the sender runs; the outbox's claims run on both in
// outbox.test.ts.
for (const dialect of httpDialects) {
  describe(`the outbox's sender on ${dialect}`, () => {
    let database: TestDatabase;
    let mailDir: string;
    let settings: Record<string, string>;
    beforeEach(async () => {
      database = await createTestDatabase(dialect);
      mailDir = path.join(mkdtempSync(path.join(tmpdir(), "outbox-placement-")), "mail");
      settings = {
        DATABASE_URL: database.url,
        MAIL_DIR: mailDir,
        CONTACT_MIN_FILL_SECONDS: "0",
        OUTBOX_POLL_INTERVAL_MS: pollIntervalMs,
      };
    });
    afterEach(async () => {
      await database?.dispose();
    });

    it("sends from the server's thread when a request wakes it, and stops cleanly", async () => {
      const server = await startBuiltServer({ ...settings, OUTBOX_WORKER: "thread" });
      expect((await postContact(server, 1)).status).toBe(200);
      expect(await emailFiles(mailDir, 2)).toHaveLength(2);
      expect(await server.stop()).toBe(0);
      expect(server.output()).toContain('"outbox":"thread"');
    }, 180_000);

    it("sends nothing with OUTBOX_WORKER=none; `npm run worker` sends it and stops on SIGTERM", async () => {
      const server = await startBuiltServer({ ...settings, OUTBOX_WORKER: "none" });
      expect((await postContact(server, 2)).status).toBe(200);
      expect(await server.stop()).toBe(0);
      const waiting = await database.db.selectFrom("outbox_emails").select("status").execute();
      expect(waiting.map((row) => row.status)).toEqual(["pending", "pending"]);

      // A process of its own: it looks for due emails once when it starts.
      const worker = spawn("npm", ["run", "--silent", "worker"], {
        env: { PATH: process.env.PATH, ...settings },
        stdio: "ignore",
      });
      const exited = new Promise<number | null>((resolve) => worker.once("exit", resolve));
      try {
        expect(await emailFiles(mailDir, 2)).toHaveLength(2);
      } finally {
        worker.kill("SIGTERM");
      }
      expect(await exited).toBe(0);
      const sent = await database.db.selectFrom("outbox_emails").select("status").execute();
      expect(sent.map((row) => row.status)).toEqual(["sent", "sent"]);
    }, 180_000);
  });
}
