import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer, type BuiltServer } from "./built-server";
import { startStripeFake, type StripeFake } from "./stripe-fake";
import { createTestDatabase, type DialectName, type TestDatabase } from "./test-databases";

export type SiteWithStripeFake = {
  database: TestDatabase;
  fake: StripeFake;
  server: BuiltServer;
  /** Empties the tables a test writes (and the rate-limit counters) and the fake's request log. */
  reset(tables: readonly string[]): Promise<void>;
  /** Stops the server and the fake, drops the database and the mail folder. */
  stop(): Promise<void>;
};

/**
 * The built server selling on a fresh database of `dialect` through a Stripe fake, with sales open
 * and its emails written to a folder of its own: the public-write HTTP tests' set-up, and the
 * browser's (`e2e/support/sales-open-site.ts`). Without `siteUrl` it answers as a local preview,
 * on its own address. `env` adds the settings a suite is about (its rate limits, TRUST_PROXY...).
 */
export async function startSiteWithStripeFake(
  dialect: DialectName,
  { siteUrl, env = {} }: { siteUrl?: string; env?: Record<string, string> } = {},
): Promise<SiteWithStripeFake> {
  const database = await createTestDatabase(dialect);
  const fake = await startStripeFake();
  const mailDir = mkdtempSync(path.join(tmpdir(), "site-with-stripe-fake-mail-"));
  const cleanUp = async () => {
    await fake.close();
    await database.dispose();
    rmSync(mailDir, { recursive: true, force: true });
  };
  let server: BuiltServer;
  try {
    server = await startBuiltServer({
      DATABASE_URL: database.url,
      MAIL_DIR: mailDir,
      ...(siteUrl && { SITE_URL: siteUrl }),
      SALES_OPEN: "true",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: fake.url,
      ...env,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    database,
    fake,
    server,
    async reset(tables) {
      for (const table of [...tables, "rate_limit_windows"]) {
        await database.db.deleteFrom(table as "rate_limit_windows").execute();
      }
      fake.requests.length = 0;
    },
    async stop() {
      await server.stop();
      await cleanUp();
    },
  };
}
