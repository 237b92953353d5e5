import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEntriesForExport,
  auditExportColumns,
  auditFilterFromQuery,
  auditPageSize,
  listAuditEntries,
} from "~/.server/admin/audit-entries";
import { csvDownload } from "~/.server/admin/csv-export";
import { recordAdminAction } from "~/.server/core/audit-log";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const owner = "owner@audit.test";
const helper = "helper@audit.test";
const start = Date.parse("2026-11-01T00:00:00.000Z");
const hours = (count: number) => new Date(start + count * 3_600_000);

/**
 * 120 entries, one an hour from 1 November (so 24 a day over five days), the owner's and the
 * helper's in turn; every tenth an erasure, holding only its counts.
 */
async function recordEntries(database: TestDatabase) {
  for (let index = 0; index < 120; index++) {
    const erase = index % 10 === 0;
    await recordAdminAction(database.db, {
      actor: index % 2 === 0 ? owner : helper,
      action: erase ? "person.erase" : "inbox.status",
      subject: `subject-${index}`,
      detail: erase ? { people: 1, outbox: 2 } : { status: "replied", index },
      now: hours(index),
    });
  }
}

const query = (text: string) => auditFilterFromQuery(new URLSearchParams(text));

for (const dialect of allDialects) {
  describe(`the audit log's query on ${dialect}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await recordEntries(database);
    });
    afterAll(async () => database?.dispose());

    it("pages through every entry newest first, none twice, with the total", async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const { entries, total } = await listAuditEntries(database.db, { page });
        expect(total).toBe(120);
        expect(entries.length).toBe(page < 3 ? auditPageSize : 120 - 2 * auditPageSize);
        seen.push(...entries.map((entry) => entry.subject ?? ""));
      }
      expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => `subject-${119 - index}`));
      const beyond = await listAuditEntries(database.db, { page: 4 });
      expect(beyond.entries).toEqual([]);
      expect(beyond.total).toBe(120);
    });

    it("filters by action, actor and whole UTC days, both ends included", async () => {
      const erasures = await listAuditEntries(database.db, {
        ...query("action=person.erase").filter,
        page: 1,
      });
      expect(erasures.total).toBe(12);
      expect(erasures.actions).toEqual(["inbox.status", "person.erase"]);
      expect(erasures.actors).toEqual([helper, owner]);
      // An erasure shows what was stored: counts, no one's address or name.
      expect(erasures.entries[0]!.detail).toEqual([
        ["people", "1"],
        ["outbox", "2"],
      ]);

      const helpersOn2And3 = await listAuditEntries(database.db, {
        ...query(`actor=${encodeURIComponent(helper)}&from=2026-11-02&to=2026-11-03`).filter,
        page: 1,
      });
      // Hours 24 to 71, the odd ones.
      expect(helpersOn2And3.total).toBe(24);
      const times = helpersOn2And3.entries.map((entry) => entry.created_at);
      expect(times[0]).toBe(hours(71).toISOString());
      expect(times.at(-1)).toBe(hours(25).toISOString());
      expect(helpersOn2And3.entries.every((entry) => entry.actor_email === helper)).toBe(true);

      const ownerErasuresOnDay1 = await listAuditEntries(database.db, {
        ...query("action=person.erase&actor=owner%40audit.test&from=2026-11-01&to=2026-11-01")
          .filter,
        page: 1,
      });
      expect(ownerErasuresOnDay1.entries.map((entry) => entry.subject)).toEqual([
        "subject-20",
        "subject-10",
        "subject-0",
      ]);

      const nobody = await listAuditEntries(database.db, {
        ...query("actor=someone-else%40audit.test").filter,
        page: 1,
      });
      expect(nobody.total).toBe(0);
    });

    it("names a date it cannot read and leaves it out of the filter", () => {
      expect(query("from=2026-02-30&to=yesterday&action=").filter).toEqual({});
      expect(
        query("from=2026-02-30&to=yesterday").problems.map((problem) => problem.field),
      ).toEqual(["from", "to"]);
      expect(query("from=2026-11-02").filter).toEqual({ from: "2026-11-02" });
    });

    it("exports the filtered entries as CSV in time order, across batches", async () => {
      const { filter } = query("actor=owner%40audit.test&from=2026-11-02");
      const response = csvDownload(
        "audit.csv",
        auditExportColumns,
        auditEntriesForExport(database.db, filter, 7),
      );
      const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
      // Even hours from 24 to 118.
      expect(rows.map((row) => row.subject)).toEqual(
        Array.from({ length: 48 }, (_, index) => `subject-${24 + 2 * index}`),
      );
      expect(Object.keys(rows[0]!)).toEqual([...auditExportColumns]);
      expect(rows.every((row) => row.actor_email === owner)).toBe(true);
      const erasure = rows.find((row) => row.action === "person.erase")!;
      expect(JSON.parse(erasure.detail!)).toEqual({ people: 1, outbox: 2 });
    });
  });
}
