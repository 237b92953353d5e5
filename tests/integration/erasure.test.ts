import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAdminSignInLink } from "~/.server/admin/sign-in-links";
import { erasePerson } from "~/.server/audience/erasure/erasure";
import { csvDownload } from "~/.server/admin/csv-export";
import { membershipLinks } from "~/.server/audience/lists/list-links";
import { confirmMembership, requestMembership } from "~/.server/audience/lists/list-memberships";
import { peopleExportColumns, peopleForExport } from "~/.server/audience/people/people-export";
import { stageImport, type ImportPreview } from "~/.server/audience/import/people-import";
import { applyImport, previewImport } from "~/.server/audience/import/people-import-job";
import { personDataExport } from "~/.server/audience/people/person-data-export";
import { parseConfig } from "~/.server/core/config";
import { addDealNote, sendDealEmail } from "~/.server/deals";
import { checkRateLimits, emailLimitKey } from "~/.server/core/rate-limit";
import { recordContactMessage } from "~/.server/leads/contact-messages";
import { mailDirTransport } from "~/.server/mail/mail-transport";
import { enqueueEmail } from "~/.server/mail/outbox";
import { startOutboxWorker } from "~/.server/mail/outbox-worker";
import { fulfilPaidSession } from "~/.server/sales/orders";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

/** One person, and everything they could have left with the site. */
const person = {
  email: "Zelda.Quist@example.org",
  firstName: "Zelda",
  lastName: "Quistmeyer",
  message: "Our team of fourteen would love the foundations workshop in Tromsø next spring.",
};
const traces = [person.email.toLowerCase(), person.firstName, person.lastName, "Tromsø"];

/** Every table's rows as text, each row once, on either dialect. */
async function everyRow(database: TestDatabase) {
  const tables =
    database.dialect === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
          database.db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          database.db,
        );
  const rows: string[] = [];
  for (const { name } of tables.rows) {
    const content = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      database.db,
    );
    rows.push(...content.rows.map((row) => `${name}: ${JSON.stringify(row)}`));
  }
  return rows;
}

const holdsTrace = (text: string) =>
  traces.some((trace) => text.toLowerCase().includes(trace.toLowerCase()));

/**
 * The SQLite files' bytes searched for every trace as stored (the address as given and keyed):
 * "file name: trace" for each found. `secure_delete` must still be on for a deleted row to go.
 */
async function databaseFilesHolding(database: TestDatabase) {
  const { rows } = await sql<{ secure_delete: number }>`pragma secure_delete`.execute(database.db);
  expect(rows[0]!.secure_delete).toBe(1);
  const file = database.url.slice("file:".length);
  const found: string[] = [];
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    if (!existsSync(name)) continue;
    const bytes = readFileSync(name);
    for (const trace of [...traces, person.email]) {
      if (bytes.includes(Buffer.from(trace))) found.push(`${path.basename(name)}: ${trace}`);
    }
  }
  return found;
}

for (const dialect of allDialects) {
  describe(`erasing a person on ${dialect}`, () => {
    let database: TestDatabase;
    let mailDir: string;
    const clock = new ManualClock();
    const logLines: string[] = [];

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      mailDir = mkdtempSync(path.join(tmpdir(), "erasure-mail-"));
    });
    afterAll(async () => {
      await database?.dispose();
      rmSync(mailDir, { recursive: true, force: true });
    });

    it("leaves nothing in any table, mail file, rate-limit key or log line; the export held it all", async () => {
      const config = parseConfig({
        SITE_URL: "https://presence.example",
        OWNER_EMAIL: "owner@presence.example",
        ADMIN_EMAILS: `owner@presence.example,${person.email}`,
        MAIL_DIR: mailDir,
      });
      const deps = { db: database.db, clock, config, outbox: { wake() {} } };

      // Every path through which the site hears of someone.
      await recordContactMessage(deps, {
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        company: "Quist Maritime",
        interest: "Corporate Training",
        message: person.message,
      });
      const { id: personId } = await database.db
        .selectFrom("people")
        .select("id")
        .where("email_key", "=", person.email.toLowerCase())
        .executeTakeFirstOrThrow();
      await checkRateLimits(deps, {
        bucket: "contact",
        keys: ["ip:192.0.2.1", emailLimitKey(person.email)],
        limit: 5,
      });
      for (const list of ["newsletter", "waitlist"] as const) {
        await requestMembership(deps, {
          list,
          email: person.email,
          firstName: person.firstName,
          interests: list === "newsletter" ? ["book"] : undefined,
          source: list === "newsletter" ? "/signup" : "/buy-now",
          consentText: "Yes, mail me.",
        });
      }
      const orderId = "order-1";
      const now = clock.now().toISOString();
      await database.db
        .insertInto("orders")
        .values({
          id: orderId,
          status: "pending",
          items: JSON.stringify([
            { id: "pdf", name: "PDF Download", unitAmountCents: 1999, quantity: 1 },
          ]),
          amount_total_cents: 1999,
          currency: "usd",
          email: person.email,
          first_name: person.firstName,
          last_name: person.lastName,
          billing_address: JSON.stringify({ street: "1 Fjord Road", city: "Tromsø" }),
          stripe_session_id: null,
          stripe_payment_intent_id: null,
          amount_paid_cents: null,
          created_at: now,
          updated_at: now,
          paid_at: null,
          refunded_at: null,
          person_id: personId,
        })
        .execute();
      await database.db.transaction().execute((trx) =>
        fulfilPaidSession(trx, deps, {
          id: "cs_test_1",
          payment_status: "paid",
          amount_total: 1999,
          metadata: { order_id: orderId },
          payment_intent: "pi_1",
          customer_details: { email: person.email, name: `${person.firstName} ${person.lastName}` },
        } as unknown as Stripe.Checkout.Session),
      );
      const staged = await stageImport(deps, {
        actor: "owner@presence.example",
        fileName: "old-list.csv",
        chunks: [
          new TextEncoder().encode(
            `Email Address,First Name,Last Name,CONFIRM_TIME\n${person.email},${person.firstName},${person.lastName},2024-01-01 00:00:00\n`,
          ),
        ],
      });
      if ("error" in staged) throw new Error(staged.error);
      await applyImport(deps, { id: staged.id, actor: "owner@presence.example" });
      // A second upload naming them waits for its go-ahead.
      await stageImport(deps, {
        actor: "owner@presence.example",
        fileName: "another.csv",
        chunks: [new TextEncoder().encode(`email\n${person.email}\n`)],
      });
      await requestAdminSignInLink(deps, { email: person.email, clientAddress: "192.0.2.1" });
      await database.db.transaction().execute(async (trx) => {
        const outboxEmailId = await enqueueEmail(trx, {
          purpose: "broadcast",
          to: person.email,
          from: "letters@presence.example",
          subject: "A letter",
          text: `Dear ${person.firstName}, …`,
        });
        await trx
          .insertInto("broadcasts")
          .values({
            id: "broadcast-1",
            subject: "A letter",
            preview_text: "",
            body_markdown: "Hello",
            audience_list: "newsletter",
            audience_interests: "[]",
            status: "sent",
            scheduled_at: null,
            frozen_html: null,
            frozen_text: null,
            frozen_at: null,
            queue_cursor: null,
            queued_at: null,
            slug: null,
            published_at: null,
            cancelled_at: null,
            created_by: "owner@presence.example",
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto("broadcast_deliveries")
          .values({
            id: "delivery-1",
            broadcast_id: "broadcast-1",
            person_id: personId,
            outbox_email_id: outboxEmailId,
            created_at: now,
            unsubscribed_at: null,
          })
          .execute();
      });
      // The owner searched for them and exported the result.
      await database.db
        .insertInto("admin_audit_log")
        .values({
          id: "audit-search",
          actor_email: "owner@presence.example",
          action: "export.people",
          subject: null,
          detail: JSON.stringify({ q: person.email }),
          created_at: now,
        })
        .execute();

      // The outbox delivers everything as .eml files.
      const worker = startOutboxWorker({
        db: database.db,
        transport: mailDirTransport(mailDir),
        clock,
        pollIntervalMs: 60_000,
        logger: {
          info: (fields, message) => void logLines.push(`${message} ${JSON.stringify(fields)}`),
          warn: (fields, message) => void logLines.push(`${message} ${JSON.stringify(fields)}`),
          error: (fields, message) => void logLines.push(`${message} ${JSON.stringify(fields)}`),
        },
      });
      while ((await worker.runOnce()) > 0);
      await worker.stop();
      const mailFiles = () =>
        readdirSync(mailDir).map((name) => readFileSync(path.join(mailDir, name), "utf8"));
      expect(mailFiles().filter(holdsTrace).length).toBeGreaterThanOrEqual(5);
      expect((await everyRow(database)).filter(holdsTrace).length).toBeGreaterThan(10);

      // The access request's export holds what the site keeps, email bodies included.
      const exported = JSON.stringify(await personDataExport(database.db, personId));
      expect(exported).toContain(person.message);
      expect(exported).toContain("1 Fjord Road");
      const record = (await personDataExport(database.db, personId))!;
      expect(record.memberships.map((membership) => membership.list).sort()).toEqual([
        "newsletter",
        "waitlist",
      ]);
      expect(record.emails.some((email) => email.purpose === "contact.owner-notification")).toBe(
        true,
      );
      expect(record.rateLimits).toHaveLength(1);
      expect(record.downloadLinks).toHaveLength(1);
      expect(record.broadcastDeliveries).toHaveLength(1);
      // The Corporate Training message opened a deal named for them.
      expect(record.deals.map((deal) => deal.title)).toEqual(["Zelda Quistmeyer (Quist Maritime)"]);
      // Its timeline's note and email name them too; the export has both, the erasure neither.
      const onDeal = { dealId: record.deals[0]!.id, actor: "owner@presence.example" };
      await addDealNote(deps, {
        ...onDeal,
        fields: new URLSearchParams({ note: "Zelda Quistmeyer wants March" }),
      });
      await sendDealEmail(deps, {
        ...onDeal,
        fields: new URLSearchParams({ subject: "Dates", body: "Dear Zelda Quistmeyer, March?" }),
      });
      const withTimeline = (await personDataExport(database.db, personId))!;
      expect(withTimeline.dealNotes.map((note) => note.body)).toEqual([
        "Zelda Quistmeyer wants March",
      ]);
      expect(withTimeline.dealEmails.map((email) => email.body)).toEqual([
        "Dear Zelda Quistmeyer, March?",
      ]);

      expect(await erasePerson(deps, { personId, actor: "owner@presence.example" })).toBe("erased");

      expect((await everyRow(database)).filter(holdsTrace)).toEqual([]);
      if (dialect === "sqlite") expect(await databaseFilesHolding(database)).toEqual([]);
      expect(mailFiles().filter(holdsTrace)).toEqual([]);
      expect(logLines.filter(holdsTrace)).toEqual([]);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["detail"])
        .where("action", "=", "person.erase")
        .executeTakeFirstOrThrow();
      expect(Object.values(JSON.parse(audit.detail) as object).every(Number.isInteger)).toBe(true);
      // The owner's own records and the order's accounts stay.
      const order = await database.db
        .selectFrom("orders")
        .select(["email", "amount_paid_cents"])
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      expect(order).toEqual({ email: "erased", amount_paid_cents: 1999 });
      expect(await erasePerson(deps, { personId, actor: "owner@presence.example" })).toBe(
        "not-found",
      );
    });

    it("keeps a pre-erasure export from re-adding them; only their own new confirmation does", async () => {
      const config = parseConfig({ MAIL_DIR: mailDir });
      const deps = { db: database.db, clock, config, outbox: { wake() {} } };
      const actor = "owner@presence.example";
      const importText = async (fileName: string, text: string) => {
        const staged = await stageImport(deps, {
          actor,
          fileName,
          chunks: [new TextEncoder().encode(text)],
        });
        if ("error" in staged) throw new Error(staged.error);
        const preview = (await previewImport(deps, staged.id)) as Extract<
          ImportPreview,
          { counts: unknown }
        >;
        const result = await applyImport(deps, { id: staged.id, actor });
        if ("error" in result) throw new Error(result.error);
        return { preview, result };
      };
      const exportFile = () =>
        csvDownload("people.csv", peopleExportColumns, peopleForExport(database.db, {})).text();
      const membershipsOf = () =>
        database.db
          .selectFrom("list_memberships")
          .innerJoin("people", "people.id", "list_memberships.person_id")
          .select(["list", "status", "consent_text", "interests"])
          .where("people.email_key", "=", "olaf@example.org")
          .execute();

      // A confirmed subscriber with interests and consent wording, and a neighbour.
      await importText(
        "mailchimp.csv",
        [
          "Email Address,First Name,Last Name,CONFIRM_TIME,TAGS",
          "Olaf@example.org,Olaf,Ostergaard,2023-02-02 02:02:02,insights",
          "stays@example.org,Stig,Stays,2023-02-03 02:02:02,",
        ].join("\n"),
      );
      const before = await exportFile();
      expect(before).toContain("Olaf@example.org");
      const { id: personId } = await database.db
        .selectFrom("people")
        .select("id")
        .where("email_key", "=", "olaf@example.org")
        .executeTakeFirstOrThrow();
      clock.advance(60_000);
      const erasedAt = clock.now().toISOString();
      expect(await erasePerson(deps, { personId, actor })).toBe("erased");
      // All that is kept: a hash that names no address.
      // (The first test's erasure left its own.)
      const erasedRows = () =>
        database.db
          .selectFrom("erased_addresses")
          .selectAll()
          .where("erased_at", "=", erasedAt)
          .execute();
      const kept = await erasedRows();
      expect(kept).toHaveLength(1);
      expect(kept[0]!.address_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(kept[0]!.erased_at).toBe(erasedAt);

      // The export from before the erasure, imported again: the preview says so, nothing is added.
      const again = await importText("people.csv", before);
      expect(again.preview.counts).toMatchObject({ erased: 1, newPeople: 0, unchanged: 1 });
      expect(again.preview.erased).toEqual([{ line: 2, email: "Olaf@example.org", erasedAt }]);
      expect(await membershipsOf()).toEqual([]);
      expect(
        await database.db
          .selectFrom("people")
          .select("id")
          .where("email_key", "=", "olaf@example.org")
          .execute(),
      ).toEqual([]);

      // Their own new contact message works, and puts them on no list; the old file still can't.
      await recordContactMessage(deps, {
        firstName: "Olaf",
        lastName: "Ostergaard",
        email: "olaf@example.org",
        company: "",
        interest: "Corporate Training",
        message: "Could we talk about a workshop after all?",
      });
      expect(await membershipsOf()).toEqual([]);
      expect((await importText("people.csv", before)).result.counts).toMatchObject({ erased: 1 });
      expect(await membershipsOf()).toEqual([]);

      // A signup alone (anyone could type the address) lifts nothing until it is confirmed.
      await requestMembership(deps, {
        list: "newsletter",
        email: "olaf@example.org",
        source: "/signup",
        consentText: "Send me the letters.",
      });
      expect(await erasedRows()).toHaveLength(1);
      const { id: membershipId } = await database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select("list_memberships.id")
        .where("people.email_key", "=", "olaf@example.org")
        .executeTakeFirstOrThrow();
      const token = new URL(
        membershipLinks(config, { list: "newsletter", membershipId }, clock.now()).confirm,
      ).pathname
        .split("/")
        .pop()!;
      expect(await confirmMembership(deps, { list: "newsletter", token })).toBe("confirmed");
      expect(await erasedRows()).toEqual([]);
      expect(await membershipsOf()).toEqual([
        {
          list: "newsletter",
          status: "confirmed",
          consent_text: "Send me the letters.",
          interests: "[]",
        },
      ]);
      // Now an import reads them as anyone else: known, and kept to their new consent's wording.
      const after = await importText("people.csv", before);
      expect(after.preview.counts).toMatchObject({ erased: 0, merged: 2 });
      expect((await membershipsOf())[0]).toMatchObject({ consent_text: "Send me the letters." });
    });

    if (dialect === "sqlite") {
      it("leaves no byte of the erased text in the database file, its WAL or its -shm", async () => {
        const config = parseConfig({ MAIL_DIR: mailDir });
        const deps = { db: database.db, clock, config, outbox: { wake() {} } };
        const file = database.url.slice("file:".length);
        const marks = ["Xanthippe", "Quarrendorff", "xq-erasure@example.org", "mauve-heron-4417"];
        const found = () => {
          const counts: Record<string, number> = {};
          for (const name of [file, `${file}-wal`, `${file}-shm`]) {
            let bytes: Buffer;
            try {
              bytes = readFileSync(name);
            } catch {
              continue;
            }
            for (const mark of marks) {
              let at = -1;
              let count = 0;
              while ((at = bytes.indexOf(mark, at + 1)) >= 0) count += 1;
              counts[mark] = (counts[mark] ?? 0) + count;
            }
          }
          return counts;
        };
        const checkpoint = () => sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
        await recordContactMessage(deps, {
          firstName: "Xanthippe",
          lastName: "Quarrendorff",
          email: "xq-erasure@example.org",
          company: "",
          interest: "Corporate Training",
          message: `A note only this person wrote: mauve-heron-4417 ${"filler ".repeat(800)}`,
        });
        await checkpoint();
        const held = found();
        for (const mark of marks) expect(held[mark], mark).toBeGreaterThan(0);
        const { id: personId } = await database.db
          .selectFrom("people")
          .select("id")
          .where("email_key", "=", "xq-erasure@example.org")
          .executeTakeFirstOrThrow();
        expect(await erasePerson(deps, { personId, actor: "owner@presence.example" })).toBe(
          "erased",
        );
        // The erasure's own checkpoint truncated the WAL (decision 307): none is run here.
        expect(found()).toEqual(Object.fromEntries(marks.map((mark) => [mark, 0])));
      });
    } else {
      it("vacuums the tables it touched, so the freed rows' space is reused", async () => {
        const config = parseConfig({ MAIL_DIR: mailDir });
        const deps = { db: database.db, clock, config, outbox: { wake() {} } };
        const vacuumCounts = async () => {
          const rows = await sql<{ name: string; vacuums: string }>`
            select relname as name, vacuum_count::text as vacuums from pg_stat_user_tables
            where schemaname = current_schema()
              and relname in ('people', 'contact_messages', 'outbox_emails')`.execute(database.db);
          return Object.fromEntries(rows.rows.map((row) => [row.name, Number(row.vacuums)]));
        };
        await recordContactMessage(deps, {
          firstName: "Vera",
          lastName: "Vacuumova",
          email: "vv-erasure@example.org",
          company: "",
          interest: "Corporate Training",
          message: "A note to be erased and its space vacuumed.",
        });
        const before = await vacuumCounts();
        const { id: personId } = await database.db
          .selectFrom("people")
          .select("id")
          .where("email_key", "=", "vv-erasure@example.org")
          .executeTakeFirstOrThrow();
        expect(await erasePerson(deps, { personId, actor: "owner@presence.example" })).toBe(
          "erased",
        );
        const after = await vacuumCounts();
        expect(Object.keys(after).sort()).toEqual(["contact_messages", "outbox_emails", "people"]);
        for (const [name, count] of Object.entries(after)) {
          expect(count, name).toBeGreaterThan(before[name] ?? 0);
        }
      });
    }
  });
}
