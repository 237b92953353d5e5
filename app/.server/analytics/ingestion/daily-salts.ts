import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../../core/db/database";
import { addDays, localDateOf } from "../../core/zoned-time";
import { sessionQuietMs } from "./sessions";

/**
 * The owner's day of `at` in `zone` (`OWNER_TIME_ZONE`), YYYY-MM-DD: salts, like the rollups, are
 * per owner's day, so a day's visitor is one hash from midnight to midnight.
 */
export function ownerDay(at: Date | number, zone: string) {
  return localDateOf(new Date(at).getTime(), zone);
}

/**
 * The random salt of each day, shared through the database by every instance: the first instance
 * to need a day's salt creates it, the others read that one. Visits going on across midnight keep
 * yesterday's salt; once none has used it for a session's quiet time it is deleted, and from then
 * on nothing can link yesterday's visitors to today's.
 */
export class DailySalts {
  /** Salts read or made here; null for a day whose salt is known to be gone. */
  private readonly known = new Map<string, string | null>();
  /** The last use of each day's salt here, written to `last_used_at` after each batch. */
  private readonly usedAt = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly zone: string,
  ) {}

  /** Today's salt, and yesterday's while it still exists (visits may be going on under it). */
  async saltsAt(now: Date): Promise<{ today: Salt; yesterday?: Salt }> {
    const todayDay = ownerDay(now, this.zone);
    const today = { day: todayDay, salt: await this.saltOf(todayDay, now) };
    const yesterdayDay = addDays(todayDay, -1);
    const yesterdaySalt = await this.existingSalt(yesterdayDay);
    return yesterdaySalt
      ? { today, yesterday: { day: yesterdayDay, salt: yesterdaySalt } }
      : { today };
  }

  /** Notes that an event was counted under `day`'s salt. */
  markUsed(day: string, at: Date) {
    this.usedAt.set(day, at.getTime());
  }

  private async saltOf(day: string, now: Date): Promise<string> {
    const cached = this.known.get(day);
    if (cached) return cached;
    const at = now.toISOString();
    await this.db
      .insertInto("analytics_salts")
      .values({ day, salt: randomBytes(32).toString("base64"), created_at: at, last_used_at: at })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
    const { salt } = await this.db
      .selectFrom("analytics_salts")
      .select("salt")
      .where("day", "=", day)
      .executeTakeFirstOrThrow();
    this.known.set(day, salt);
    return salt;
  }

  private async existingSalt(day: string) {
    if (this.known.has(day)) return this.known.get(day);
    const row = await this.db
      .selectFrom("analytics_salts")
      .select("salt")
      .where("day", "=", day)
      .executeTakeFirst();
    this.known.set(day, row?.salt ?? null);
    return row?.salt;
  }

  /**
   * Writes when each salt was last used here, then deletes the salts of past days that no
   * instance has used for a session's quiet time.
   */
  async sweep(now: Date) {
    for (const [day, at] of this.usedAt) {
      const usedAt = new Date(at).toISOString();
      await this.db
        .updateTable("analytics_salts")
        .set({ last_used_at: usedAt })
        .where("day", "=", day)
        .where("last_used_at", "<", usedAt)
        .execute();
    }
    this.usedAt.clear();
    const today = ownerDay(now, this.zone);
    const quietSince = new Date(now.getTime() - sessionQuietMs).toISOString();
    await this.db
      .deleteFrom("analytics_salts")
      .where("day", "<", today)
      .where("last_used_at", "<", quietSince)
      .execute();
    // Another instance may have deleted one: a past day's salt is kept in memory only while it is
    // still in the database.
    const remaining = await this.db
      .selectFrom("analytics_salts")
      .select("day")
      .where("day", "<", today)
      .execute();
    const stillThere = new Set(remaining.map((row) => row.day));
    for (const day of this.known.keys()) {
      if (day < today && !stillThere.has(day)) this.known.delete(day);
    }
  }
}

export type Salt = { day: string; salt: string };

/** The day's visitor: a hash nothing can be turned back from once the salt is deleted. */
export function visitorHash(
  { salt }: Salt,
  siteHost: string,
  request: { clientAddress: string; userAgent: string | undefined },
) {
  return createHash("sha256")
    .update(`${salt}\n${siteHost}\n${request.clientAddress}\n${request.userAgent ?? ""}`)
    .digest("base64url")
    .slice(0, 22);
}
