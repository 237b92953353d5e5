import type { Kysely } from "kysely";
import type { AppConfig } from "../../core/config";
import type { Database } from "../../core/db/schema";
import { defaultAvailabilityRules, type AvailabilityRules } from "./availability-rules";

/** The one row of `booking_availability`: a single owner has a single set of hours. */
const ownerRow = "owner";

/** The owner's rules as last saved, or the defaults until they are; in BOOKING_TIME_ZONE. */
export async function loadAvailabilityRules(
  db: Kysely<Database>,
  config: Pick<AppConfig, "BOOKING_TIME_ZONE" | "INTRO_CALL_MINUTES">,
): Promise<AvailabilityRules> {
  const row = await db
    .selectFrom("booking_availability")
    .select("rules")
    .where("id", "=", ownerRow)
    .executeTakeFirst();
  const defaults = defaultAvailabilityRules(config.BOOKING_TIME_ZONE, config.INTRO_CALL_MINUTES);
  if (!row) return defaults;
  // The zone is a setting of the server, not of the saved hours; rules saved before a field
  // existed take its default.
  return {
    ...defaults,
    ...(JSON.parse(row.rules) as Partial<AvailabilityRules>),
    timeZone: config.BOOKING_TIME_ZONE,
  };
}

export async function saveAvailabilityRules(
  trx: Kysely<Database>,
  rules: AvailabilityRules,
  now: Date,
) {
  const values = { rules: JSON.stringify(rules), updated_at: now.toISOString() };
  await trx
    .insertInto("booking_availability")
    .values({ id: ownerRow, ...values })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
    .execute();
}
