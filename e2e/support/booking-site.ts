import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, startBuiltServer } from "../../support/built-server";
import { startStripeFake, type StripeFake } from "../../support/stripe-fake";
import { e2eServer } from "./server-settings";

export type BookingSite = {
  baseURL: string;
  mailDir: string;
  /** The site\'s SQLite file, for a test that reads what it stored or ages a hold past its time. */
  databaseFile: string;
  fake: StripeFake;
  stop(): Promise<void>;
};

/**
 * A server of its own for the booking walk-throughs: the e2e server's settings without
 * SCHEDULING_URL (the product's default: every Schedule button opens the built-in booking page),
 * selling through a Stripe fake, on a fresh SQLite database, its SITE_URL its own address so the
 * links it writes lead back to it.
 */
export async function startBookingSite(): Promise<BookingSite> {
  const settings = Object.fromEntries(
    Object.entries(e2eServer.env).filter(([name]) => name !== "SCHEDULING_URL"),
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-booking-"));
  const mailDir = path.join(dataDir, "mail");
  const databaseFile = path.join(dataDir, "site.db");
  const port = await freePort();
  const fake = await startStripeFake();
  const cleanUp = async () => {
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startBuiltServer({
      ...settings,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${databaseFile}`,
      MAIL_DIR: mailDir,
      SALES_OPEN: "true",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: fake.url,
    });
    return {
      baseURL: server.baseURL,
      mailDir,
      databaseFile,
      fake,
      async stop() {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
