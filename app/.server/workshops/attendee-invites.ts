import { eventsTimeZone } from "~/content/events";
import { calendarInvite } from "../booking";
import type { Db } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";
import { wallClockToInstant } from "../core/zoned-time";
import { cohortFacts, dayCount } from "./cohort-terms";
import type { WorkshopEventTable, WorkshopRegistrationTable } from "./workshops-tables";

type InviteDeps = Pick<ServiceDeps, "config" | "clock">;
type Attendee = Pick<WorkshopRegistrationTable, "id" | "name" | "email" | "invite_sequence">;

/**
 * The event a registration's invite describes: 9:00 to 17:00 Colorado time on each day. Its
 * SEQUENCE is the cohort's (raised by a move) or, once the attendance was cancelled, the CANCEL's.
 */
export function workshopInvite(
  event: WorkshopEventTable,
  registration: Attendee,
  { config, clock }: InviteDeps,
  method: "REQUEST" | "CANCEL" = "REQUEST",
) {
  const facts = cohortFacts(event);
  return calendarInvite(
    {
      bookingId: registration.id,
      uidKind: "workshop",
      sequence: Math.max(event.invite_sequence, registration.invite_sequence),
      start: new Date(wallClockToInstant(event.start_date, 9 * 60, eventsTimeZone)),
      end: new Date(wallClockToInstant(event.start_date, 17 * 60, eventsTimeZone)),
      days: dayCount(event.start_date, event.end_date),
      timeZone: eventsTimeZone,
      title: event.title,
      description: `${event.description}\n${facts.when}, 9:00 to 17:00 each day.`,
      meetingUrl: `${config.SITE_URL}/foundations-program`,
      place: facts.place,
      organizer: { name: "Presence Selling", email: config.CONTACT_EMAIL },
      attendee: { name: registration.name, email: registration.email },
      host: new URL(config.SITE_URL).host,
      now: clock.now(),
    },
    method,
  );
}

/**
 * The CANCEL for an attendance that ends: one SEQUENCE above any invite the attendee was sent,
 * stored on the registration (in the caller's transaction) so it never goes back.
 */
export async function cancelledInvite(
  trx: Db,
  deps: InviteDeps,
  event: WorkshopEventTable,
  registration: Attendee,
) {
  const sequence = Math.max(event.invite_sequence, registration.invite_sequence) + 1;
  await trx
    .updateTable("workshop_registrations")
    .set({ invite_sequence: sequence })
    .where("id", "=", registration.id)
    .execute();
  return workshopInvite(event, { ...registration, invite_sequence: sequence }, deps, "CANCEL");
}
