import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rememberPerson } from "~/.server/audience/people/people";
import { stageImport } from "~/.server/audience/import/people-import";
import {
  cancelImport,
  importStatus,
  previewImport,
  runImportJob,
  startImport,
} from "~/.server/audience/import/people-import-job";
import { parseConfig } from "~/.server/core/config";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const testConfig = parseConfig({});

/** An export of `count` new addresses with consent, after the two the tests already know. */
function exportOf(prefix: string, count: number) {
  const lines = ['"Email Address","First Name","Last Name",CONFIRM_TIME,TAGS'];
  lines.push(`known-${prefix}@example.com,Kay,Known,2024-03-06 09:00:00,`);
  lines.push(`nameless-${prefix}@example.com,Nia,Named,,`);
  for (let index = 0; index < count; index++) {
    lines.push(`${prefix}${index}@example.com,First,Last,2024-03-05 10:22:11,`);
  }
  return lines.join("\n");
}

/** Resolves on the next turn of the event loop: the job's slices each give it one. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

for (const dialect of allDialects) {
  describe(`people import job on ${dialect}`, () => {
    let database: TestDatabase;
    const clock = new ManualClock();
    const deps = () => ({ db: database.db, clock, config: testConfig });
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(async () => database?.dispose());

    async function stage(prefix: string, count: number) {
      const staged = await stageImport(deps(), {
        actor: "owner@example.com",
        fileName: `${prefix}.csv`,
        chunks: [Buffer.from(exportOf(prefix, count))],
      });
      if ("error" in staged) throw new Error(staged.error);
      return staged.id;
    }

    /** Everything the import may write, in a stable order. */
    async function peopleTables() {
      return {
        people: await database.db.selectFrom("people").selectAll().orderBy("id").execute(),
        memberships: await database.db
          .selectFrom("list_memberships")
          .selectAll()
          .orderBy("id")
          .execute(),
      };
    }

    /** A person the file confirms (pending here) and one it names (no name here). */
    async function knownPeople(prefix: string) {
      const now = clock.now();
      const stamp = now.toISOString();
      await database.db.transaction().execute(async (trx) => {
        const known = await rememberPerson(trx, {
          email: `known-${prefix}@example.com`,
          source: "/signup",
          now,
        });
        await rememberPerson(trx, {
          email: `nameless-${prefix}@example.com`,
          source: "/contact",
          now,
        });
        await trx
          .insertInto("list_memberships")
          .values({
            id: `m-${prefix}`,
            person_id: known,
            list: "newsletter",
            status: "pending",
            interests: "[]",
            source: "/signup",
            consent_text: "Yes",
            consented_at: stamp,
            confirmation_sent_at: stamp,
            confirmed_at: null,
            unsubscribed_at: null,
            notified_at: null,
            created_at: stamp,
            updated_at: stamp,
          })
          .execute();
      });
    }

    it("computes the preview once: reading it again computes nothing, even after people changed", async () => {
      const id = await stage("once", 30);
      expect((await importStatus(database.db, id))?.state).toBe("previewing");
      const preview = await previewImport(deps(), id);
      expect(preview && "counts" in preview && preview.counts.newPeople).toBe(32);
      // Someone the file names signs up meanwhile: the stored preview stands until the import.
      await database.db
        .transaction()
        .execute((trx) =>
          rememberPerson(trx, { email: "once0@example.com", source: "/signup", now: clock.now() }),
        );
      const again = await importStatus(database.db, id);
      expect(again?.state).toBe("preview");
      expect(again?.preview).toEqual(preview);
      // Nothing is left for a job to do until the owner says import.
      expect(await runImportJob(deps(), id)).toBe(false);
    });

    it("advances batch by batch, and a cancel mid-way leaves the people tables exactly as before", async () => {
      await knownPeople("cancel");
      const id = await stage("cancel", 1_600);
      await previewImport(deps(), id);
      const before = await peopleTables();
      expect(await startImport(database.db, { id, actor: "owner@example.com" })).toBe(true);
      const job = runImportJob(deps(), id);
      const seen: number[] = [];
      for (;;) {
        await nextTurn();
        const status = await importStatus(database.db, id);
        if (status?.state !== "importing") break;
        if (seen.at(-1) !== status.rowsDone) seen.push(status.rowsDone);
        // Cancelled once the batch with the known people and one more are in.
        if (status.rowsDone >= 1_000) {
          expect(await cancelImport(database.db, id)).toBe(true);
          break;
        }
      }
      await job;
      expect(seen.length).toBeGreaterThan(2);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      const status = await importStatus(database.db, id);
      expect(status?.state).toBe("cancelled");
      expect(await peopleTables()).toEqual(before);
      for (const table of ["people_import_undo", "people_import_chunks"] as const) {
        expect(
          await database.db.selectFrom(table).selectAll().where("import_id", "=", id).execute(),
        ).toEqual([]);
      }
      expect(await cancelImport(database.db, id)).toBe(false);
    });

    it("is run by one instance at a time, and goes on after a stop where it was", async () => {
      await knownPeople("resume");
      const id = await stage("resume", 1_600);
      await previewImport(deps(), id);
      await startImport(database.db, { id, actor: "owner@example.com" });
      const stopping = new AbortController();
      const first = runImportJob(deps(), id, { owner: "first", signal: stopping.signal });
      for (;;) {
        await nextTurn();
        const status = await importStatus(database.db, id);
        if (status!.rowsDone > 0) break;
      }
      // Another instance finds the job held.
      expect(await runImportJob(deps(), id, { owner: "second" })).toBe(false);
      stopping.abort();
      expect(await first).toBe(true);
      const stopped = await importStatus(database.db, id);
      expect(stopped?.state).toBe("importing");
      expect(stopped!.rowsDone).toBeGreaterThan(0);
      expect(stopped!.rowsDone).toBeLessThan(stopped!.rowsTotal);
      // The next start (or the other instance) finishes it, each row imported once.
      expect(await runImportJob(deps(), id, { owner: "second" })).toBe(true);
      const done = await importStatus(database.db, id);
      expect(done?.state).toBe("done");
      expect(done?.rowsDone).toBe(1_602);
      expect(done?.result).toMatchObject({ rows: 1_602, newPeople: 1_600, merged: 2 });
      const imported = await database.db
        .selectFrom("people")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("email", "like", "resume%")
        .executeTakeFirstOrThrow();
      expect(Number(imported.count)).toBe(1_600);
      const confirmed = await database.db
        .selectFrom("list_memberships")
        .select("status")
        .where("id", "=", "m-resume")
        .executeTakeFirstOrThrow();
      expect(confirmed.status).toBe("confirmed");
    });
  });
}
