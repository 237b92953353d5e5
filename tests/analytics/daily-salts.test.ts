import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BeaconIngestion, type BeaconRequest } from "~/.server/analytics";
import { parseConfig } from "~/.server/core/config";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const config = parseConfig({ SITE_URL: SITE, ANALYTICS_FLUSH_INTERVAL_MS: "60000" });
const reader: BeaconRequest = {
  clientAddress: "203.0.113.7",
  userAgent:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  globalPrivacyControl: undefined,
  purpose: undefined,
  origin: SITE,
  fetchSite: "same-origin",
  host: "presence.example",
};
const minutes = (count: number) => count * 60_000;
const pageview = (u: string) => JSON.stringify({ n: "pageview", u });

for (const dialect of allDialects) {
  describe(`daily salts on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let ingestion: BeaconIngestion;

    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      await database.db.deleteFrom("analytics_events").execute();
      await database.db.deleteFrom("analytics_salts").execute();
      clock = new ManualClock("2026-11-21T23:50:00.000Z");
      ingestion = new BeaconIngestion({ db: database.db, clock, config });
    });
    afterEach(() => ingestion.stop());

    async function visitors() {
      await ingestion.flush();
      const rows = await database.db
        .selectFrom("analytics_events")
        .select(["visitor", "path"])
        .orderBy("occurred_at")
        .execute();
      return rows.map((row) => row.visitor);
    }
    const salts = async () =>
      (await database.db.selectFrom("analytics_salts").select("day").orderBy("day").execute()).map(
        (row) => row.day,
      );

    it("keeps a visit going across midnight as one visitor", async () => {
      await ingestion.receiveBeacon(pageview("/"), reader);
      clock.advance(minutes(20)); // 00:10, ten minutes after midnight
      await ingestion.receiveBeacon(pageview("/method"), reader);
      clock.advance(minutes(25)); // 00:35: the visit still goes on under yesterday's hash
      await ingestion.receiveBeacon(pageview("/book"), reader);
      const [first, second, third] = await visitors();
      expect(second).toBe(first);
      expect(third).toBe(first);
    });

    it("continues a visit another instance saw before midnight", async () => {
      await ingestion.receiveBeacon(pageview("/"), reader);
      await ingestion.flush();
      const otherInstance = new BeaconIngestion({ db: database.db, clock, config });
      clock.advance(minutes(15));
      await otherInstance.receiveBeacon(pageview("/method"), reader);
      await otherInstance.stop();
      const [first, second] = await visitors();
      expect(second).toBe(first);
    });

    it("counts the same reader after half an hour of quiet past midnight as a new visitor", async () => {
      await ingestion.receiveBeacon(pageview("/"), reader);
      clock.advance(minutes(40)); // 00:30 passed with no event since 23:50
      await ingestion.receiveBeacon(pageview("/method"), reader);
      const [first, second] = await visitors();
      expect(second).not.toBe(first);
    });

    it("shares one salt a day between instances and deletes a day's salt once no visit can use it", async () => {
      await ingestion.receiveBeacon(pageview("/"), reader);
      const otherInstance = new BeaconIngestion({ db: database.db, clock, config });
      await otherInstance.receiveBeacon(pageview("/method"), reader);
      await otherInstance.stop();
      expect(await salts()).toEqual(["2026-11-21"]);
      const [first, second] = await visitors();
      expect(second).toBe(first);

      clock.advance(minutes(15)); // 00:05 on the 22nd: yesterday's salt is still needed
      await ingestion.receiveBeacon(pageview("/book"), reader);
      await ingestion.flush();
      expect(await salts()).toEqual(["2026-11-21", "2026-11-22"]);

      clock.advance(minutes(60)); // 01:05: no visit of the 21st can go on
      await ingestion.receiveBeacon(pageview("/about"), reader);
      await ingestion.flush();
      expect(await salts()).toEqual(["2026-11-22"]);

      clock.advance(minutes(60 * 24)); // two days after the 21st
      await ingestion.receiveBeacon(pageview("/contact"), reader);
      await ingestion.flush();
      expect(await salts()).toEqual(["2026-11-23"]);
    });
  });
}
