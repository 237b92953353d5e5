import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { test } from "./test";

export type SalesOpenSite = {
  readonly server: BuiltServer;
  readonly fake: StripeFake;
  /** The order's status as this server's database holds it. */
  orderStatus(sessionId: string): string | undefined;
};

/**
 * A built server of the calling group's own, sales open, selling through a Stripe fake on a
 * fresh SQLite file: started before the group's first test and stopped after its last. The
 * shared e2e server keeps sales closed, as the site ships.
 */
export function salesOpenSite(folderPrefix: string): SalesOpenSite {
  let fake: StripeFake;
  let server: BuiltServer;
  let dataDir: string;

  test.beforeAll(async () => {
    fake = await startStripeFake();
    dataDir = mkdtempSync(path.join(tmpdir(), folderPrefix));
    server = await startBuiltServer({
      DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
      MAIL_DIR: path.join(dataDir, "mail"),
      SALES_OPEN: "true",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: fake.url,
      // Browser tests fill forms faster than people; the fill-time trap is tested over HTTP.
      CONTACT_MIN_FILL_SECONDS: "0",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get server() {
      return server;
    },
    get fake() {
      return fake;
    },
    orderStatus(sessionId) {
      const db = new Database(path.join(dataDir, "site.db"), { readonly: true });
      try {
        const row = db
          .prepare("SELECT status FROM orders WHERE stripe_session_id = ?")
          .get(sessionId);
        return (row as { status: string } | undefined)?.status;
      } finally {
        db.close();
      }
    },
  };
}
