import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";
import { SmtpSink } from "../../support/smtp-sink";
import { contactLead, inParallel, runNpmScript, submitLead } from "./contact-leads";

const dir = mkdtempSync(path.join(tmpdir(), "sqlite-backup-"));
const liveUrl = `file:${path.join(dir, "live", "site.db")}`;
let server: BuiltServer | undefined;
let sink: SmtpSink | undefined;

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const npmRun = (script: string, args: string[], databaseUrl: string) =>
  runNpmScript(script, args, { DATABASE_URL: databaseUrl });

function storedAddresses(file: string) {
  const database = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = database.prepare("SELECT email FROM contact_messages").all() as {
      email: string;
    }[];
    return new Set(rows.map((row) => row.email));
  } finally {
    database.close();
  }
}

it("backs up while the site takes writes, and the restore holds every row acknowledged before", async () => {
  sink = await new SmtpSink().start();
  server = await startBuiltServer({
    DATABASE_URL: liveUrl,
    SMTP_URL: sink.url,
    SITE_URL: "http://leads.test",
    CONTACT_RATE_LIMIT: "0",
    CONTACT_MIN_FILL_SECONDS: "0",
  });
  const acknowledged: string[] = [];
  const submitAll = (tag: string, count: number) =>
    inParallel(
      Array.from({ length: count }, (_, index) => contactLead(index, tag)),
      4,
      async (lead) => {
        if ((await submitLead(server!.baseURL, lead)) === 200) acknowledged.push(lead.email);
      },
    );
  await submitAll("before", 40);
  const beforeBackup = [...acknowledged];

  // The backup runs while a second burst writes.
  const backupFile = path.join(dir, "backups", "site.db");
  const load = submitAll("during", 80);
  const [backup] = await Promise.all([npmRun("db:backup", [backupFile], liveUrl), load]);
  expect(backup.stderr).toBe("");
  expect(backup.status).toBe(0);
  expect(acknowledged.length).toBe(120);

  // Onto the running site's database: refused without --force, and the file is left alone.
  const refused = await npmRun("db:restore", [backupFile], liveUrl);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toMatch(/looks open by a running site.*Stop the site/);
  expect(storedAddresses(liveUrl.slice("file:".length)).size).toBe(120);

  const freshFile = path.join(dir, "fresh", "site.db");
  const restore = await npmRun("db:restore", [backupFile], `file:${freshFile}`);
  expect(restore.stderr).toBe("");
  expect(restore.status).toBe(0);
  const restored = storedAddresses(freshFile);
  expect(beforeBackup.filter((address) => !restored.has(address))).toEqual([]);
  expect(restored.size).toBeGreaterThanOrEqual(beforeBackup.length);

  // The restored database serves the site.
  await server.stop();
  server = await startBuiltServer({
    DATABASE_URL: `file:${freshFile}`,
    SITE_URL: "http://leads.test",
    MAIL_DIR: path.join(dir, "mail"),
  });
  expect(await submitLead(server.baseURL, contactLead(0, "after-restore"))).toBe(200);
  expect(storedAddresses(freshFile).size).toBe(restored.size + 1);
});

it("refuses a Postgres DATABASE_URL and names pg_dump", async () => {
  const backup = await npmRun("db:backup", [path.join(dir, "pg.db")], "postgres://u@127.0.0.1/db");
  expect(backup.status).toBe(1);
  expect(backup.stderr).toContain("pg_dump");
});
