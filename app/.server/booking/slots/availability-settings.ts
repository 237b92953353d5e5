import type { InvalidInput } from "../../core/invalid-input";
import { recordAdminAction } from "../../core/audit-log";
import type { ServiceDeps } from "../../core/service-deps";
import { availabilityFormValues, parseAvailabilityForm } from "./availability-form";
import { loadAvailabilityRules, saveAvailabilityRules } from "./availability-store";

type Deps = Pick<ServiceDeps, "db" | "clock" | "config">;

/** The availability form as the owner last saved it (or the defaults), and the zone it is in. */
export async function availabilitySettings(deps: Deps) {
  const rules = await loadAvailabilityRules(deps.db, deps.config);
  return { timeZone: rules.timeZone, values: availabilityFormValues(rules) };
}

/** Saves the owner's availability with its audit entry, or says what is wrong and saves nothing. */
export async function saveAvailability(
  { db, clock, config }: Deps,
  { form, actor }: { form: URLSearchParams; actor: string },
): Promise<{ outcome: "saved" } | InvalidInput> {
  const parsed = parseAvailabilityForm(form, config.BOOKING_TIME_ZONE);
  if (parsed.outcome === "invalid") return parsed;
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await saveAvailabilityRules(trx, parsed.rules, now);
    await recordAdminAction(trx, { actor, action: "booking.availability", now });
  });
  return { outcome: "saved" };
}
