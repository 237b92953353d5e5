import type { ServiceDeps } from "../../core/service-deps";
import { loadAvailabilityRules } from "./availability-store";
import { loadBusyTimes } from "../owner-calendar/busy-times";
import { heldTimes } from "./claim-slot";
import { freeSlots, type Slot } from "./slots";

/** The free slots for a session of this length, as a visitor may book them now. */
export async function openSlots(
  { db, clock, config }: Pick<ServiceDeps, "db" | "clock" | "config">,
  durationMinutes: number,
): Promise<Slot[]> {
  const now = clock.now();
  const rules = await loadAvailabilityRules(db, config);
  const held = await heldTimes(db, now, rules.horizonDays);
  return freeSlots({
    rules,
    durationMinutes,
    now: now.getTime(),
    held,
    busy: await loadBusyTimes(db),
  });
}
