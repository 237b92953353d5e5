import type { Insertable } from "kysely";
import type { Db } from "../../core/db/database";
import type { AnalyticsEventTable } from "../analytics-tables";
import { logFailure, logger } from "../../core/logger";

export type EventRow = Insertable<AnalyticsEventTable>;

/** Rows per INSERT: 12 columns each stays far below SQLite's and Postgres's parameter limits. */
const rowsPerInsert = 1_000;

/**
 * Accepted events held in memory and written in one transaction per interval, so a burst of
 * beacons costs a few large inserts instead of one write each. A failed write keeps its rows for
 * the next flush; `stop()` writes what is left, so a graceful stop loses nothing accepted.
 */
export class EventBuffer {
  private rows: EventRow[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly options: {
      flushIntervalMs: number;
      /** Past this many unwritten rows (the database is down) new events are refused. */
      maxPending: number;
      /**
       * Checks shared by every instance, made once per batch just before it is written: returns
       * the rows to write (the others are dropped).
       */
      beforeWrite?: (rows: EventRow[]) => Promise<EventRow[]>;
      /** Work done after each flush (sweeping memory of recent visitors, old salts). */
      afterFlush?: () => Promise<void> | void;
    },
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
    this.timer.unref();
  }

  get pending() {
    return this.rows.length;
  }

  /** Holds `row` for the next flush; false when the buffer is full. */
  add(row: EventRow): boolean {
    if (this.rows.length >= this.options.maxPending) return false;
    this.rows.push(row);
    return true;
  }

  /** Writes every held row; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write() {
    const rows = this.rows;
    this.rows = [];
    try {
      const written =
        rows.length > 0 && this.options.beforeWrite ? await this.options.beforeWrite(rows) : rows;
      if (written.length > 0) {
        await this.db.transaction().execute(async (trx) => {
          for (let start = 0; start < written.length; start += rowsPerInsert) {
            await trx
              .insertInto("analytics_events")
              .values(written.slice(start, start + rowsPerInsert))
              .execute();
          }
        });
      }
    } catch (error) {
      // Kept, ahead of what arrived meanwhile, for the next flush.
      this.rows = rows.concat(this.rows);
      logFailure("analytics events not written; kept for the next flush", error, {
        pending: this.rows.length,
      });
      return;
    }
    try {
      await this.options.afterFlush?.();
    } catch (error) {
      logFailure("analytics housekeeping failed", error);
    }
  }

  /** Stops the timer and writes what is held. */
  async stop() {
    clearInterval(this.timer);
    await this.flush();
    if (this.rows.length > 0)
      logger.warn({ lost: this.rows.length }, "analytics events not written at stop");
  }
}
