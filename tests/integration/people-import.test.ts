import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmedMembers } from "~/.server/audience/lists/list-members";
import { markBounced, markComplained } from "~/.server/audience/people/bounces";
import { rememberPerson } from "~/.server/audience/people/people";
import { stageImport } from "~/.server/audience/import/people-import";
import { applyImport, previewImport } from "~/.server/audience/import/people-import-job";
import { parseConfig } from "~/.server/core/config";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const testConfig = parseConfig({});

const mailchimp = [
  '"Email Address","First Name","Last Name",CONFIRM_TIME,TAGS',
  'new@example.com,Nia,New,"2024-03-05 10:22:11","""Weekly insights and practices"""',
  "KNOWN@example.com,Kay,Known,2024-03-06 09:00:00,",
  "left@example.com,Lee,Left,2024-03-07 09:00:00,",
  "noconsent@example.com,Noa,None,,",
  "broken,Bad,Row,,",
  "new@example.com,Nia,,,",
].join("\n");

const fixture = (name: string) =>
  readFileSync(path.resolve(__dirname, "../fixtures/imports", name));

for (const dialect of allDialects) {
  describe(`people import on ${dialect}`, () => {
    let database: TestDatabase;
    const clock = new ManualClock();
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.dispose());

    async function membership(email: string) {
      return database.db
        .selectFrom("list_memberships")
        .innerJoin("people", "people.id", "list_memberships.person_id")
        .select([
          "list_memberships.status",
          "list_memberships.interests",
          "list_memberships.confirmed_at",
        ])
        .where("people.email_key", "=", email)
        .where("list", "=", "newsletter")
        .executeTakeFirst();
    }

    it("previews without writing, then imports in one go: confirmed only with consent, merged by address", async () => {
      const deps = { db: database.db, clock, config: testConfig };
      const now = clock.now();
      await database.db.transaction().execute(async (trx) => {
        const known = await rememberPerson(trx, {
          email: "known@example.com",
          source: "/contact",
          now,
        });
        const left = await rememberPerson(trx, {
          email: "left@example.com",
          source: "/signup",
          now,
        });
        const stamp = now.toISOString();
        const base = {
          list: "newsletter" as const,
          interests: "[]",
          source: "/signup",
          consent_text: "Yes",
          consented_at: stamp,
          confirmation_sent_at: stamp,
          notified_at: null,
          created_at: stamp,
          updated_at: stamp,
        };
        await trx
          .insertInto("list_memberships")
          .values([
            {
              ...base,
              id: "m-known",
              person_id: known,
              status: "pending",
              confirmed_at: null,
              unsubscribed_at: null,
            },
            {
              ...base,
              id: "m-left",
              person_id: left,
              status: "unsubscribed",
              confirmed_at: null,
              unsubscribed_at: stamp,
            },
          ])
          .execute();
      });
      const staged = await stageImport(deps, {
        actor: "owner@example.com",
        fileName: "members.csv",
        chunks: [new TextEncoder().encode(mailchimp)],
      });
      if ("error" in staged) throw new Error(staged.error);
      const { id } = staged;
      const preview = await previewImport(deps, id);
      expect(preview && "counts" in preview && preview.counts).toEqual({
        rows: 6,
        newPeople: 2,
        merged: 3,
        // Known and Left gain the file's names and its earlier dates; Known is confirmed.
        unchanged: 0,
        changes: { status: 1, name: 2, interests: 0, firstSeen: 2, suppressed: 0 },
        confirmed: 2,
        erased: 0,
        withoutConsent: 1,
        keptUnsubscribed: 1,
        refused: 1,
      });
      expect(preview && "refused" in preview && preview.refused).toEqual([
        { line: 6, reason: "“broken” is not an email address" },
      ]);
      // The preview wrote nothing.
      expect(await database.db.selectFrom("people").select("id").execute()).toHaveLength(2);

      const result = await applyImport(deps, { id, actor: "owner@example.com" });
      expect(result).toMatchObject({ counts: { newPeople: 2, confirmed: 2 } });
      expect(await membership("new@example.com")).toEqual({
        status: "confirmed",
        interests: '["insights"]',
        confirmed_at: "2024-03-05T10:22:11.000Z",
      });
      expect(await membership("known@example.com")).toMatchObject({
        status: "confirmed",
        confirmed_at: "2024-03-06T09:00:00.000Z",
      });
      // Unsubscribed here stays unsubscribed; no consent in the file, no list.
      expect(await membership("left@example.com")).toMatchObject({ status: "unsubscribed" });
      expect(await membership("noconsent@example.com")).toBeUndefined();
      const people = await database.db
        .selectFrom("people")
        .select(["email_key", "first_name", "source"])
        .where("email_key", "in", ["new@example.com", "noconsent@example.com"])
        .orderBy("email_key")
        .execute();
      expect(people).toEqual([
        { email_key: "new@example.com", first_name: "Nia", source: "import" },
        { email_key: "noconsent@example.com", first_name: "Noa", source: "import" },
      ]);
      const audit = await database.db
        .selectFrom("admin_audit_log")
        .select(["actor_email", "action", "detail"])
        .execute();
      expect(audit).toEqual([
        {
          actor_email: "owner@example.com",
          action: "people.import",
          detail: JSON.stringify((result as { counts: unknown }).counts),
        },
      ]);
      // Imported once: the staged file is gone.
      expect(await applyImport(deps, { id, actor: "owner@example.com" })).toEqual({
        error: "This import was already done or discarded.",
      });
    });
    it("reads a staged file back byte for byte across its stored chunks", async () => {
      const deps = { db: database.db, clock, config: testConfig };
      const rows = Array.from(
        { length: 4000 },
        (_, index) => `bytes${index}@example.com,Ren\xe9e,M\xfcller`,
      );
      // Windows-1252, over two stored chunks, uploaded in pieces that split its lines.
      const bytes = Buffer.from(["email,first_name,last_name", ...rows].join("\n"), "latin1");
      expect(bytes.length).toBeGreaterThan(2 * 64 * 1024);
      const pieces = Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, index) =>
        bytes.subarray(index * 1000, (index + 1) * 1000),
      );
      const staged = await stageImport(deps, {
        actor: "owner@example.com",
        fileName: "latin.csv",
        chunks: pieces,
      });
      if ("error" in staged) throw new Error(staged.error);
      const preview = await previewImport(deps, staged.id);
      expect(preview && "counts" in preview && preview.counts).toMatchObject({
        newPeople: 4000,
        refused: 0,
      });
      await applyImport(deps, { id: staged.id, actor: "owner@example.com" });
      const names = await database.db
        .selectFrom("people")
        .select(["first_name", "last_name"])
        .where("email_key", "like", "bytes%@example.com")
        .execute();
      expect(names).toHaveLength(4000);
      expect(new Set(names.map((name) => `${name.first_name} ${name.last_name}`))).toEqual(
        new Set(["Ren\u00e9e M\u00fcller"]),
      );
    });
    it("never confirms an opt-out: cleaned, unsubscribed and complaining people stay unmailed through a later import", async () => {
      const deps = { db: database.db, clock, config: testConfig };
      const importFile = async (name: string) => {
        const staged = await stageImport(deps, {
          actor: "owner@example.com",
          fileName: name,
          chunks: [fixture(name)],
        });
        if ("error" in staged) throw new Error(staged.error);
        const preview = await previewImport(deps, staged.id);
        await applyImport(deps, { id: staged.id, actor: "owner@example.com" });
        return preview && "statuses" in preview ? preview.statuses : [];
      };
      expect(await importFile("mailchimp-cleaned.csv")).toEqual([
        { list: "newsletter", status: "unsubscribed", column: "CLEAN_TIME", rows: 1 },
        { list: "suppression", status: "suppressed", column: "CLEAN_TIME", rows: 1 },
      ]);
      expect(await importFile("mailchimp-unsubscribed.csv")).toEqual([
        { list: "newsletter", status: "unsubscribed", column: "UNSUB_TIME", rows: 1 },
      ]);
      await importFile("kit-subscribers.csv");
      await importFile("mailchimp-pending.csv");
      // The same people again, now in files that say they subscribed.
      const resubscribed = [
        "Email Address,First Name,CONFIRM_TIME",
        "gone@example.com,Gus,2024-09-09 09:09:09",
        "left@example.com,Lee,2024-09-09 09:09:09",
        "kip@example.com,Kip,2024-09-09 09:09:09",
      ].join("\n");
      const staged = await stageImport(deps, {
        actor: "owner@example.com",
        fileName: "again.csv",
        chunks: [new TextEncoder().encode(resubscribed)],
      });
      if ("error" in staged) throw new Error(staged.error);
      const preview = await previewImport(deps, staged.id);
      expect(preview && "counts" in preview && preview.counts).toMatchObject({
        confirmed: 0,
        keptUnsubscribed: 3,
      });
      await applyImport(deps, { id: staged.id, actor: "owner@example.com" });
      for (const email of ["gone@example.com", "left@example.com", "kip@example.com"]) {
        expect(await membership(email)).toMatchObject({ status: "unsubscribed" });
      }
      expect(await membership("waiting@example.com")).toMatchObject({ status: "pending" });
      const mailed: string[] = [];
      for await (const member of confirmedMembers(database.db, { list: "newsletter" })) {
        mailed.push(member.email);
      }
      expect(mailed).not.toContain("gone@example.com");
      expect(mailed).not.toContain("kip@example.com");
      expect(mailed).not.toContain("kel@example.com");
      expect(mailed).not.toContain("waiting@example.com");
      expect(mailed).toContain("kim@example.com");
    });

    /** Stages a file, previews it and imports it; the preview is returned. */
    async function stageAndImport(fileName: string, bytes: Uint8Array) {
      const deps = { db: database.db, clock, config: testConfig };
      const staged = await stageImport(deps, {
        actor: "owner@example.com",
        fileName,
        chunks: [bytes],
      });
      if ("error" in staged) throw new Error(staged.error);
      const preview = await previewImport(deps, staged.id);
      if (!preview || "error" in preview) throw new Error("no preview");
      const result = await applyImport(deps, { id: staged.id, actor: "owner@example.com" });
      if ("error" in result) throw new Error(result.error);
      return { preview, result };
    }

    async function person(email: string) {
      return database.db
        .selectFrom("people")
        .select(["first_name", "first_seen_at", "bounced_at", "bounce_reason"])
        .where("email_key", "=", email)
        .executeTakeFirst();
    }

    it("never lifts a suppression: bounced and complaining people stay suppressed when listed as subscribed", async () => {
      const now = clock.now();
      await database.db.transaction().execute(async (trx) => {
        await rememberPerson(trx, { email: "hard@example.com", source: "/signup", now });
        const angry = await rememberPerson(trx, {
          email: "angry@example.com",
          source: "/signup",
          now,
        });
        await markBounced(trx, { address: "hard@example.com", reason: "Hard bounce", now });
        await markComplained(trx, { personId: angry, now });
      });
      const file = [
        "Email Address,First Name,CONFIRM_TIME",
        "hard@example.com,Hal,2024-09-09 09:09:09",
        "angry@example.com,Ann,2024-09-09 09:09:09",
      ].join("\n");
      await stageAndImport("suppressed-again.csv", new TextEncoder().encode(file));
      const suppression = (email: string) =>
        database.db
          .selectFrom("people")
          .select(["bounced_at", "complained_at"])
          .where("email_key", "=", email)
          .executeTakeFirstOrThrow();
      expect((await suppression("hard@example.com")).bounced_at).toBe(now.toISOString());
      expect((await suppression("angry@example.com")).complained_at).toBe(now.toISOString());
      const mailed: string[] = [];
      for await (const member of confirmedMembers(database.db, { list: "newsletter" })) {
        mailed.push(member.email);
      }
      expect(mailed).not.toContain("hard@example.com");
      expect(mailed).not.toContain("angry@example.com");
    });

    it("reads Substack's email_disabled as the opt-out it is, whatever the paid plan says", async () => {
      const { preview } = await stageAndImport(
        "substack-subscribers.csv",
        fixture("substack-subscribers.csv"),
      );
      expect(preview.statuses).toEqual([
        { list: "newsletter", status: "confirmed", column: "email_disabled", rows: 2 },
        { list: "newsletter", status: "unsubscribed", column: "email_disabled", rows: 2 },
      ]);
      expect(preview.mapping.paidSubscription?.header).toBe("active_subscription");
      expect(await membership("paid@example.com")).toMatchObject({ status: "confirmed" });
      expect(await membership("free@example.com")).toMatchObject({
        status: "confirmed",
        confirmed_at: "2023-02-01T08:30:00.000Z",
      });
      // A paying reader who turned emails off is mailed nothing.
      expect(await membership("muted@example.com")).toMatchObject({ status: "unsubscribed" });
      expect(await membership("paidmuted@example.com")).toMatchObject({ status: "unsubscribed" });
      expect(await person("paid@example.com")).toMatchObject({
        first_seen_at: "2023-01-05T10:00:00.000Z",
      });
    });

    it("keeps Beehiiv's invalid and needs_attention addresses suppressed and validating ones pending", async () => {
      const { preview, result } = await stageAndImport(
        "beehiiv-subscribers.csv",
        fixture("beehiiv-subscribers.csv"),
      );
      expect(preview.counts.refused).toBe(0);
      expect(preview.statuses).toEqual([
        { list: "newsletter", status: "confirmed", column: "status", rows: 1 },
        { list: "newsletter", status: "pending", column: "status", rows: 2 },
        { list: "newsletter", status: "unsubscribed", column: "status", rows: 3 },
        { list: "suppression", status: "suppressed", column: "status", rows: 2 },
      ]);
      expect(result.counts).toMatchObject({ newPeople: 6, confirmed: 1, refused: 0 });
      expect(await membership("bee-active@example.com")).toMatchObject({ status: "confirmed" });
      expect(await membership("bee-inactive@example.com")).toMatchObject({
        status: "unsubscribed",
      });
      expect(await membership("bee-validating@example.com")).toMatchObject({ status: "pending" });
      for (const email of ["bee-invalid@example.com", "bee-attention@example.com"]) {
        expect(await membership(email)).toMatchObject({ status: "unsubscribed" });
        expect((await person(email))?.bounced_at).not.toBeNull();
      }
      expect((await person("bee-attention@example.com"))?.bounce_reason).toBe(
        "needs attention in the imported file",
      );
    });

    it("says a repeat import changes nothing, and keeps the earliest first sighting", async () => {
      const file = [
        "email,first_name,first_seen_at,newsletter_status,newsletter_consented_at,newsletter_interests",
        "again1@example.com,,2024-05-01T00:00:00.000Z,confirmed,2024-05-01T00:00:00.000Z,",
        "again2@example.com,Ann,2024-05-02T00:00:00.000Z,confirmed,2024-05-02T00:00:00.000Z,",
        "again3@example.com,Abe,2024-05-03T00:00:00.000Z,confirmed,2024-05-03T00:00:00.000Z,",
        "again4@example.com,Ada,2024-05-04T00:00:00.000Z,confirmed,2024-05-04T00:00:00.000Z,",
        // The same person again, seen earlier: the earliest date wins, not the first row's.
        "again4@example.com,,2024-04-04T00:00:00.000Z,confirmed,2024-04-04T00:00:00.000Z,",
      ].join("\n");
      const first = await stageAndImport("again.csv", new TextEncoder().encode(file));
      expect(first.result.counts).toMatchObject({ newPeople: 4, merged: 1, confirmed: 4 });
      expect((await person("again4@example.com"))?.first_seen_at).toBe("2024-04-04T00:00:00.000Z");

      const repeat = await stageAndImport("again.csv", new TextEncoder().encode(file));
      expect(repeat.preview.counts).toMatchObject({
        newPeople: 0,
        unchanged: 4,
        confirmed: 0,
        changes: { status: 0, name: 0, interests: 0, firstSeen: 0, suppressed: 0 },
      });
      expect(repeat.result.counts.unchanged).toBe(4);

      // A later file knows more: a name, an interest, an earlier sighting; only those change.
      const more = [
        "email,first_name,first_seen_at,newsletter_status,newsletter_consented_at,newsletter_interests",
        "again1@example.com,Amos,2024-05-01T00:00:00.000Z,confirmed,2024-05-01T00:00:00.000Z,",
        "again2@example.com,Other,2023-01-01T00:00:00.000Z,confirmed,2024-05-02T00:00:00.000Z,",
        "again3@example.com,Abe,2024-06-03T00:00:00.000Z,confirmed,2024-06-03T00:00:00.000Z,insights",
        "again4@example.com,Ada,2024-06-04T00:00:00.000Z,confirmed,2024-06-04T00:00:00.000Z,",
      ].join("\n");
      const later = await stageAndImport("more.csv", new TextEncoder().encode(more));
      expect(later.preview.counts).toMatchObject({
        unchanged: 1,
        confirmed: 0,
        changes: { status: 0, name: 1, interests: 1, firstSeen: 1, suppressed: 0 },
      });
      expect(await person("again1@example.com")).toMatchObject({ first_name: "Amos" });
      // A name already known is not overwritten; an earlier date moves first seen back.
      expect(await person("again2@example.com")).toMatchObject({
        first_name: "Ann",
        first_seen_at: "2023-01-01T00:00:00.000Z",
      });
      // A later date does not move it forward; the added interest keeps the first consent.
      expect(await person("again3@example.com")).toMatchObject({
        first_seen_at: "2024-05-03T00:00:00.000Z",
      });
      expect(await membership("again3@example.com")).toMatchObject({
        interests: '["insights"]',
        confirmed_at: "2024-05-03T00:00:00.000Z",
      });
    });
  });
}
