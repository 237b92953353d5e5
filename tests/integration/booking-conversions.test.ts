import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bookPaidSession, confirmIntroCall, requestIntroCall } from "~/.server/booking";
import { parseConfig } from "~/.server/core/config";
import { withRenderedBodies } from "~/.server/mail";
import {
  insertSessionOrder,
  orderBookingToken,
  freshBookingDeps,
  type BookingTestDeps,
} from "../../support/booking-fixtures";
import { formTokenIssuedAgo } from "../../support/form-token";
import { ManualClock } from "../../support/manual-clock";
import { allDialects, createTestDatabase, type TestDatabase } from "../../support/test-databases";

const SITE = "https://presence.example";
const config = parseConfig({
  SITE_URL: SITE,
  OWNER_EMAIL: "owner@presence.example",
  BOOKING_TIME_ZONE: "America/Denver",
  BOOKING_RATE_LIMIT: "0",
});
// What the page script posts: the visit came from a newsletter link, and booked on /booking.
const attribution = JSON.stringify({
  l: "/training",
  r: "news.example.org",
  s: "newsletter",
  m: "email",
  c: "june",
  p: "/booking",
});
const source = {
  landing_path: "/training",
  referrer_domain: "news.example.org",
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "june",
  conversion_path: "/booking",
};

for (const dialect of allDialects) {
  describe(`a booking counts as a conversion on ${dialect}`, () => {
    let database: TestDatabase;
    let clock: ManualClock;
    let deps: BookingTestDeps;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.dispose());
    beforeEach(async () => {
      deps = await freshBookingDeps(database.db, config);
      clock = deps.clock;
    });

    const events = () =>
      database.db
        .selectFrom("analytics_events")
        .select(["name", "path", "item", "visitor"])
        .where("name", "=", "booking")
        .execute();
    const attributions = () =>
      database.db
        .selectFrom("analytics_attributions")
        .select([
          "conversion",
          "subject_id",
          "person_id",
          "landing_path",
          "referrer_domain",
          "utm_source",
          "utm_medium",
          "utm_campaign",
          "conversion_path",
        ])
        .execute();
    const onlyBooking = () => database.db.selectFrom("bookings").selectAll().executeTakeFirst();

    it("records a paid booking's event and attribution in its transaction", async () => {
      const orderId = await insertSessionOrder(database.db, { at: clock.now() });
      expect(
        await bookPaidSession(deps, {
          token: orderBookingToken(config, orderId),
          fields: { start: "2026-06-02T15:00:00.000Z", timeZone: "UTC", attribution },
          clientAddress: "203.0.113.5",
        }),
      ).toEqual({ outcome: "booked" });
      const booking = (await onlyBooking())!;
      expect(await events()).toEqual([
        { name: "booking", path: "/booking/session", item: "breakthrough", visitor: null },
      ]);
      expect(await attributions()).toEqual([
        { conversion: "booking", subject_id: booking.id, person_id: booking.person_id, ...source },
      ]);
    });

    it("credits a free call when its email confirms it, to the visit that asked for it", async () => {
      expect(
        await requestIntroCall(deps, {
          fields: {
            start: "2026-06-02T15:00:00.000Z",
            timeZone: "UTC",
            name: "Priya",
            email: "priya@example.com",
            attribution,
          },
          traps: { formToken: formTokenIssuedAgo(config, clock, 60_000) },
          clientAddress: "203.0.113.9",
        }),
      ).toMatchObject({ outcome: "held" });
      // Held is not booked yet: nothing counts until the address confirms it.
      expect(await events()).toEqual([]);
      expect(await attributions()).toEqual([]);
      const [hold] = await Promise.all(
        (await database.db.selectFrom("outbox_emails").selectAll().execute()).map(
          withRenderedBodies,
        ),
      );
      const token = new RegExp(`${SITE}/booking/confirm/([\\w-]+\\.[\\w-]+)`).exec(
        hold!.text_body,
      )![1]!;
      expect(await confirmIntroCall(deps, token)).toEqual({ outcome: "confirmed" });
      expect(await confirmIntroCall(deps, token)).toEqual({ outcome: "already-confirmed" });
      const booking = (await onlyBooking())!;
      expect(await events()).toEqual([
        { name: "booking", path: "/booking", item: "intro", visitor: null },
      ]);
      expect(await attributions()).toEqual([
        { conversion: "booking", subject_id: booking.id, person_id: booking.person_id, ...source },
      ]);
    });

    it("keeps a booking without a source as direct", async () => {
      const orderId = await insertSessionOrder(database.db, { at: clock.now() });
      await bookPaidSession(deps, {
        token: orderBookingToken(config, orderId),
        fields: { start: "2026-06-02T15:00:00.000Z", timeZone: "UTC", attribution: "{not json" },
        clientAddress: "203.0.113.5",
      });
      expect(await attributions()).toMatchObject([
        { conversion: "booking", landing_path: null, utm_source: null, referrer_domain: null },
      ]);
    });
  });
}
