import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BeaconIngestion } from "~/.server/analytics";
import {
  analyticsConfig,
  clearAnalytics,
  pageviewBeacon,
  readerVisit,
} from "../../support/analytics-visits";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const config = analyticsConfig();
const reader = readerVisit();
const minutes = (count: number) => count * 60_000;

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
      await clearAnalytics(database.db);
      // 23:50 on the 21st in Denver (OWNER_TIME_ZONE, by default the booking zone): salts turn at
      // the owner's midnight.
      clock = new ManualClock("2026-11-22T06:50:00.000Z");
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
      await ingestion.receiveBeacon(pageviewBeacon("/"), reader);
      clock.advance(minutes(20)); // 00:10, ten minutes after midnight
      await ingestion.receiveBeacon(pageviewBeacon("/method"), reader);
      clock.advance(minutes(25)); // 00:35: the visit still goes on under yesterday's hash
      await ingestion.receiveBeacon(pageviewBeacon("/book"), reader);
      const [first, second, third] = await visitors();
      expect(second).toBe(first);
      expect(third).toBe(first);
    });

    it("continues a visit another instance saw before midnight", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/"), reader);
      await ingestion.flush();
      const otherInstance = new BeaconIngestion({ db: database.db, clock, config });
      clock.advance(minutes(15));
      await otherInstance.receiveBeacon(pageviewBeacon("/method"), reader);
      await otherInstance.stop();
      const [first, second] = await visitors();
      expect(second).toBe(first);
    });

    it("counts the same reader after half an hour of quiet past midnight as a new visitor", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/"), reader);
      clock.advance(minutes(40)); // 00:30 passed with no event since 23:50
      await ingestion.receiveBeacon(pageviewBeacon("/method"), reader);
      const [first, second] = await visitors();
      expect(second).not.toBe(first);
    });

    it("shares one salt a day between instances and deletes a day's salt once no visit can use it", async () => {
      await ingestion.receiveBeacon(pageviewBeacon("/"), reader);
      const otherInstance = new BeaconIngestion({ db: database.db, clock, config });
      await otherInstance.receiveBeacon(pageviewBeacon("/method"), reader);
      await otherInstance.stop();
      expect(await salts()).toEqual(["2026-11-21"]);
      const [first, second] = await visitors();
      expect(second).toBe(first);

      clock.advance(minutes(15)); // 00:05 on the 22nd: yesterday's salt is still needed
      await ingestion.receiveBeacon(pageviewBeacon("/book"), reader);
      await ingestion.flush();
      expect(await salts()).toEqual(["2026-11-21", "2026-11-22"]);

      clock.advance(minutes(60)); // 01:05: no visit of the 21st can go on
      await ingestion.receiveBeacon(pageviewBeacon("/about"), reader);
      await ingestion.flush();
      expect(await salts()).toEqual(["2026-11-22"]);

      clock.advance(minutes(60 * 24)); // two days after the 21st
      await ingestion.receiveBeacon(pageviewBeacon("/contact"), reader);
      await ingestion.flush();
      expect(await salts()).toEqual(["2026-11-23"]);
    });
  });
}
