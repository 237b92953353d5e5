import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import "../../support/local-postgres";

// The run's servers, on ports from E2E_PORT up, each with its database and mail in one folder.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "e2e-data-"));
process.env.E2E_DATA_DIR = dataDir;

/** A server on SQLite: its port, and a folder for its database, mail and uploads. */
function sqliteServer(serverPort: number, folder: string) {
  mkdirSync(folder, { recursive: true });
  return {
    baseURL: `http://127.0.0.1:${serverPort}`,
    dataDir: folder,
    mailDir: path.join(folder, "mail"),
    env: {
      NODE_ENV: "production",
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${path.join(folder, "site.db")}`,
      MAIL_DIR: path.join(folder, "mail"),
      UPLOADS_DIR: path.join(folder, "uploads"),
      SCHEDULING_URL: "https://scheduling.example/breakthrough-hour",
      // Emails (written as .eml files under mailDir) go out within a fraction of a second.
      OUTBOX_POLL_INTERVAL_MS: "200",
      // Browser tests type faster than people: the fill-time trap is tested over HTTP instead.
      CONTACT_MIN_FILL_SECONDS: "0",
      CONTACT_RATE_LIMIT: "50",
      NEWSLETTER_RATE_LIMIT: "50",
      BOOKING_RATE_LIMIT: "50",
      FORM_TOKEN_RATE_LIMIT: "500",
      // One console address per flow, so parallel tests never read each other's sign-in emails.
      ADMIN_EMAILS:
        "inbox@console-e2e.test, js-off@console-e2e.test, passkey@console-e2e.test, phone@console-e2e.test, people@console-e2e.test, uncertain@console-e2e.test, uncertain-sequence@console-e2e.test, dismiss@console-e2e.test, dismiss-sequence@console-e2e.test, import@console-e2e.test, import-progress@console-e2e.test, broadcasts@console-e2e.test, list-390@console-e2e.test, list-1280@console-e2e.test, analytics@console-e2e.test, analytics-layout@console-e2e.test, audit-390@console-e2e.test, audit-1280@console-e2e.test, console-390@console-e2e.test, console-1280@console-e2e.test, booking@console-e2e.test, booking-js-off@console-e2e.test, calendar@console-e2e.test, calendar-js-off@console-e2e.test, sequences@console-e2e.test, content@console-e2e.test, content-390@console-e2e.test, resources@console-e2e.test, workshops@console-e2e.test, pages-layout@console-e2e.test, first-touch@console-e2e.test, first-tap@console-e2e.test, images@console-e2e.test, phone-photo@console-e2e.test, cohort-letters@console-e2e.test, two-tabs@console-e2e.test, paste@console-e2e.test, rates@console-e2e.test, suppressed-390@console-e2e.test, suppressed-1280@console-e2e.test, pipeline@console-e2e.test, pipeline-timeline@console-e2e.test, proposals@console-e2e.test",
      ADMIN_SIGN_IN_RATE_LIMIT: "50",
      // A sent broadcast is marked sent at the queue's next round: soon, for the report test.
      BROADCAST_QUEUE_INTERVAL_MS: "500",
      SEQUENCE_PASS_INTERVAL_MS: "500",
      // Bulk mail must carry a postal address: without one a broadcast cannot be sent.
      MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
      MAIL_REPLY_TO: "author@presenceselling.com",
    } as Record<string, string>,
  };
}

export const e2eServer = sqliteServer(port, dataDir);

// The specs whose writes the others read, and the reverse, each on a server of their own: the
// owner's new events show on /contact, a broadcast goes to everyone on a list, new articles join
// the lists and the sitemap. Apart, they run beside the other specs, not after them (decision 301).
/** Project `owner-records`: the owner's events and the long records seeded for layout. */
export const ownerRecordsServer = sqliteServer(port + 2, path.join(dataDir, "owner-records"));
/** Project `broadcasts`: an audience that no other spec adds to while a broadcast is sent. */
export const broadcastsServer = sqliteServer(port + 3, path.join(dataDir, "broadcasts"));
/** Project `content`: articles written in the console, on lists no other spec counts. */
export const contentServer = sqliteServer(port + 4, path.join(dataDir, "content"));

const postgresUrl = process.env.TEST_POSTGRES_URL;
const postgresPort = Number(process.env.E2E_POSTGRES_PORT ?? port + 1);
const postgresSchema = `e2e_console_${postgresPort}`;

function inSchema(url: string, schema: string) {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/**
 * A second server for the console specs (project `console-postgres`): the same settings on
 * PostgreSQL (TEST_POSTGRES_URL, a schema start-server.mjs creates afresh), its own mail folder.
 * Without TEST_POSTGRES_URL its start fails, and with it the run: those specs never skip.
 */
export const e2ePostgresServer = {
  baseURL: `http://127.0.0.1:${postgresPort}`,
  dataDir,
  mailDir: path.join(dataDir, "mail-postgres"),
  env: {
    ...e2eServer.env,
    PORT: String(postgresPort),
    DATABASE_URL: postgresUrl ? inSchema(postgresUrl, postgresSchema) : "",
    MAIL_DIR: path.join(dataDir, "mail-postgres"),
    UPLOADS_DIR: path.join(dataDir, "uploads-postgres"),
    E2E_POSTGRES_SCHEMA: postgresSchema,
    E2E_POSTGRES_ADMIN_URL: postgresUrl ?? "",
  } as Record<string, string>,
};

/** Every server of the run, started side by side by start-servers.ts. */
export const e2eServers = [
  e2eServer,
  e2ePostgresServer,
  ownerRecordsServer,
  broadcastsServer,
  contentServer,
];

/** The server the running test talks to (its project's baseURL). */
export function currentServer(baseURL: string | undefined) {
  return e2eServers.find((server) => server.baseURL === baseURL) ?? e2eServer;
}
