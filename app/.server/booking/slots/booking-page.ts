import type { BookingKind } from "../booking-tables";
import type { ServiceDeps } from "../../core/service-deps";
import { loadAvailabilityRules } from "./availability-store";
import { openSlots } from "./open-slots";
import { sessionKind } from "../sessions/session-kinds";
import { slotDays, type SlotDay } from "./slot-labels";
import { visitorZone } from "./visitor-zone";

export type BookingPageData = {
  days: SlotDay[];
  zone: string;
  zoneLabel: string;
  zones: string[];
  zoneChosen: boolean;
  /** The address named a zone that does not exist: the owner's is shown instead. */
  unknownZone: boolean;
  minutes: number;
};

/** The free slots of a session kind, grouped by the visitor's dates in the visitor's zone. */
export async function bookingPageData(
  deps: Pick<ServiceDeps, "db" | "clock" | "config">,
  { kind, zoneParam }: { kind: BookingKind; zoneParam: string | null },
): Promise<BookingPageData> {
  const { zone, zoneLabel, zones, zoneChosen, unknownZone } = visitorZone(
    zoneParam,
    deps.config.BOOKING_TIME_ZONE,
  );
  const rules = await loadAvailabilityRules(deps.db, deps.config);
  const minutes = sessionKind(kind, rules.introCallMinutes).minutes;
  const slots = await openSlots(deps, minutes);
  return {
    days: slotDays(slots, zone),
    zone,
    zoneLabel,
    zones,
    zoneChosen,
    unknownZone,
    minutes,
  };
}
