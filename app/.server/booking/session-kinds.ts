import type { AppConfig } from "../core/config";
import type { BookingKind } from "../core/db/booking-tables";

export type SessionKind = { kind: BookingKind; title: string; minutes: number };

/** The two sessions: the paid hour (the catalog's 60 minutes) and the free intro call. */
export function sessionKind(kind: BookingKind, config: Pick<AppConfig, "INTRO_CALL_MINUTES">) {
  return kind === "breakthrough"
    ? { kind, title: "Sales Breakthrough Hour", minutes: 60 }
    : { kind, title: "Intro call", minutes: config.INTRO_CALL_MINUTES };
}
