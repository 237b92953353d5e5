import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// One server for the whole run, on its own port, database and mail folder.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "e2e-data-"));
process.env.E2E_DATA_DIR = dataDir;

export const e2eServer = {
  baseURL: `http://127.0.0.1:${port}`,
  dataDir,
  mailDir: path.join(dataDir, "mail"),
  env: {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
    MAIL_DIR: path.join(dataDir, "mail"),
    SCHEDULING_URL: "https://scheduling.example/breakthrough-hour",
    // Emails (written as .eml files under mailDir) go out within a fraction of a second.
    OUTBOX_POLL_INTERVAL_MS: "200",
    // Browser tests type faster than people: the fill-time trap is tested over HTTP instead.
    CONTACT_MIN_FILL_SECONDS: "0",
    CONTACT_RATE_LIMIT: "50",
    NEWSLETTER_RATE_LIMIT: "50",
    // One console address per flow, so parallel tests never read each other's sign-in emails.
    ADMIN_EMAILS:
      "inbox@console-e2e.test, js-off@console-e2e.test, passkey@console-e2e.test, phone@console-e2e.test, people@console-e2e.test, broadcasts@console-e2e.test",
    ADMIN_SIGN_IN_RATE_LIMIT: "50",
    // A sent broadcast is marked sent at the queue's next round: soon, for the report test.
    BROADCAST_QUEUE_INTERVAL_MS: "500",
  } as Record<string, string>,
};
