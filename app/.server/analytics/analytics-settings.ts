import { z } from "zod";
import { recordAdminAction } from "../core/audit-log";
import type { Db } from "../core/db/database";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import type { ServiceDeps } from "../core/service-deps";

export const defaultRetentionDays = 90;

export type AnalyticsSettings = {
  /** Raw events older than this many days are deleted once rolled up. */
  retentionDays: number;
  /** Path prefixes the owner excluded in the console (the env setting's are added to them). */
  excludedPaths: string[];
};

const settingsId = "site";

export async function readAnalyticsSettings(db: Db): Promise<AnalyticsSettings> {
  const row = await db
    .selectFrom("analytics_settings")
    .select(["retention_days", "excluded_paths"])
    .where("id", "=", settingsId)
    .executeTakeFirst();
  if (!row) return { retentionDays: defaultRetentionDays, excludedPaths: [] };
  return {
    retentionDays: row.retention_days,
    excludedPaths: z.array(z.string()).parse(JSON.parse(row.excluded_paths)),
  };
}

const settingsForm = z.object({
  retentionDays: z.coerce
    .number({ message: "Keep raw events for a whole number of days." })
    .int("Keep raw events for a whole number of days.")
    .min(1, "Keep raw events for at least 1 day.")
    .max(3650, "Keep raw events for at most 3,650 days (ten years)."),
  excludedPaths: z
    .string()
    .max(5_000, "The excluded paths are too long.")
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .max(200, "An excluded path is at most 200 characters.")
            .regex(/^\/[^\s\p{Cc}]*$/u, "Each excluded path starts with / and has no spaces."),
        )
        .max(50, "Exclude at most 50 paths."),
    ),
});

/** Saves the owner's settings (retention, excluded paths), audit-logged. */
export async function saveAnalyticsSettings(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  input: { retentionDays: unknown; excludedPaths: unknown; actor: string },
): Promise<{ outcome: "saved"; settings: AnalyticsSettings } | InvalidInput> {
  const parsed = settingsForm.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  const settings = parsed.data;
  const now = clock.now();
  const values = {
    retention_days: settings.retentionDays,
    excluded_paths: JSON.stringify(settings.excludedPaths),
    updated_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("analytics_settings")
      .values({ id: settingsId, ...values })
      .onConflict((conflict) => conflict.column("id").doUpdateSet(values))
      .execute();
    await recordAdminAction(trx, {
      actor: input.actor,
      action: "analytics.settings",
      detail: settings,
      now,
    });
  });
  return { outcome: "saved", settings };
}

/**
 * Deletes every analytics record: raw events, rollups and the leads' and sales' sources. The
 * settings stay, and so do the day salts (random, linked to nothing once the events are gone,
 * and every instance holds today's). One transaction, audit-logged.
 */
export async function deleteAllAnalyticsData(
  { db, clock }: Pick<ServiceDeps, "db" | "clock">,
  { actor }: { actor: string },
) {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const events = await trx.deleteFrom("analytics_events").executeTakeFirst();
    const attributions = await trx.deleteFrom("analytics_attributions").executeTakeFirst();
    await trx.deleteFrom("analytics_daily_totals").execute();
    await trx.deleteFrom("analytics_daily_counts").execute();
    await trx.deleteFrom("analytics_daily_conversions").execute();
    await trx.deleteFrom("analytics_rolled_months").execute();
    await trx.deleteFrom("analytics_monthly_counts").execute();
    await trx.deleteFrom("analytics_monthly_conversions").execute();
    const deleted = {
      events: Number(events.numDeletedRows),
      attributions: Number(attributions.numDeletedRows),
    };
    await recordAdminAction(trx, { actor, action: "analytics.delete-all", detail: deleted, now });
    return deleted;
  });
}
