import { afterEach, describe, expect, it } from "vitest";
import { broadcastCompletion } from "~/.server/broadcasts/broadcast-delivery";
import { parseConfig } from "~/.server/core/config";
import { migrateToLatest } from "~/.server/core/db/database";
import { migrations } from "~/.server/core/db/migrations";
import type { OutboxEmailStatus } from "~/.server/core/db/schema";
import { seedReaders } from "../../support/broadcast-audience";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

// A database from before migration 325, holding deliveries queued before deterministic ids.
const before325 = Object.fromEntries(
  Object.entries(migrations).filter(([name]) => name !== "325_broadcast_deliveries_two_indexes"),
);

const config = parseConfig({
  SITE_URL: "https://presence.example",
  MAIL_FROM: "Presence Selling <no-reply@presence.example>",
  NEWSLETTER_LINK_SECRET: "a-test-secret-of-enough-length",
  MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302, USA",
});
const now = "2026-11-20T10:00:00.000Z";

describe.each(allDialects)("migration 325, broadcast deliveries by id (%s)", (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.dispose());

  it("gives an older delivery whose email has not gone out its email's id; a sent one keeps its id (its link went out)", async () => {
    database = await createTestDatabase(dialect, { upTo: before325 });
    const { db } = database;
    const [waiting, sent] = await seedReaders(db, [
      { email: "waiting@example.com" },
      { email: "sent@example.com" },
    ]);
    await db
      .insertInto("broadcasts")
      .values({
        id: "b1",
        subject: "A letter",
        preview_text: "",
        body_markdown: "Hello",
        audience_list: "newsletter",
        audience_interests: "[]",
        status: "sending",
        frozen_html: "<p>Hello</p>",
        frozen_text: "Hello",
        created_by: "owner@presence.example",
        created_at: now,
        updated_at: now,
      })
      .execute();
    const email = (id: string, status: OutboxEmailStatus) => ({
      id,
      purpose: "broadcast",
      broadcast_id: "b1",
      to_address: `${id}@example.com`,
      from_address: config.MAIL_FROM,
      subject: "A letter",
      text_body: "",
      headers: "{}",
      status,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    });
    await db
      .insertInto("outbox_emails")
      .values([email("email-waiting", "pending"), email("email-sent", "sent")])
      .execute();
    await db
      .insertInto("broadcast_deliveries")
      .values([
        {
          id: "random-1",
          broadcast_id: "b1",
          person_id: waiting!,
          outbox_email_id: "email-waiting",
          created_at: now,
        },
        {
          id: "random-2",
          broadcast_id: "b1",
          person_id: sent!,
          outbox_email_id: "email-sent",
          created_at: now,
        },
      ])
      .execute();

    await migrateToLatest(db);

    const ids = await db
      .selectFrom("broadcast_deliveries")
      .select(["id", "outbox_email_id"])
      .orderBy("outbox_email_id")
      .execute();
    expect(ids).toEqual([
      { id: "random-2", outbox_email_id: "email-sent" },
      { id: "email-waiting", outbox_email_id: "email-waiting" },
    ]);
    // The worker finds the waiting email's delivery by its id and sends it.
    const waitingEmail = await db
      .selectFrom("outbox_emails")
      .selectAll()
      .where("id", "=", "email-waiting")
      .executeTakeFirstOrThrow();
    const completions = await broadcastCompletion({ db, config })([waitingEmail]);
    expect(completions.get("email-waiting")).toHaveProperty("send");
  });
});
