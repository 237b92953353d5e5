import type { ServiceDeps } from "../../core/service-deps";
import { availabilitySettings } from "../slots/availability-settings";
import { ownerCalendar } from "../owner-calendar/owner-calendar";
import { ordersAwaitingSession, ownerSessions } from "./owner-sessions";

/** Everything the console's booking page shows: the form, the coming weeks, the sessions. */
export async function bookingConsole(deps: Pick<ServiceDeps, "db" | "clock" | "config">) {
  const [settings, calendar, sessions, awaiting] = await Promise.all([
    availabilitySettings(deps),
    ownerCalendar(deps),
    ownerSessions(deps),
    ordersAwaitingSession(deps.db),
  ]);
  return { settings, calendar, sessions, awaiting };
}
