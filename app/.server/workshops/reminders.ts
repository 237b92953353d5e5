import { eventsTimeZone } from "~/content/events";
import { addDays, wallClockToInstant } from "../core/zoned-time";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { cancelUrl } from "./cancellation";
import { cohortFacts, eventsToday } from "./cohort-terms";
import { workshopReminderTemplate } from "./emails/workshop-emails";
import { claimNotice } from "./notice-claims";
import { registrationWithCohort } from "./registration-with-cohort";
import { workshopInvite } from "./attendee-invites";

type Deps = Pick<ServiceDeps, "db" | "config" | "clock">;

const dayMs = 86_400_000;
/** Each reminder's window: from its lead before 9:00 on the first day until the next is due. */
const reminders = [
  { lead: "week", notice: "reminder-week", fromMs: 7 * dayMs, untilMs: dayMs },
  { lead: "day", notice: "reminder-day", fromMs: dayMs, untilMs: 0 },
] as const;

/**
 * One sweep of the reminders due now: a week and a day before the first day, each with the
 * invite (same UID, the cohort's current SEQUENCE). Claimed per registration, reminder and
 * cohort start in the transaction that queues the email, so two instances send it once; a
 * registration made inside a window gets only the reminders still ahead of it.
 */
export async function sendWorkshopReminders(deps: Deps) {
  const now = deps.clock.now();
  const today = eventsToday(now);
  const soon = await deps.db
    .selectFrom("workshop_registrations")
    .innerJoin("workshop_events", "workshop_events.id", "workshop_registrations.event_id")
    .select(["workshop_registrations.id", "workshop_registrations.paid_at", "start_date"])
    .where("workshop_registrations.status", "=", "paid")
    .where("start_date", ">=", today)
    .where("start_date", "<=", addDays(today, 8))
    .execute();
  let queued = 0;
  for (const registration of soon) {
    const startsAt = wallClockToInstant(registration.start_date, 9 * 60, eventsTimeZone);
    const ahead = startsAt - now.getTime();
    const window = reminders.find(({ fromMs, untilMs }) => ahead <= fromMs && ahead > untilMs);
    // Paid inside the window already: the confirmation just said it all.
    if (!window || Date.parse(registration.paid_at ?? "") > startsAt - window.fromMs) continue;
    if (await remind(deps, registration.id, registration.start_date, window)) queued += 1;
  }
  return queued;
}

async function remind(
  deps: Deps,
  registrationId: string,
  startDate: string,
  { lead, notice }: (typeof reminders)[number],
) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Read again inside the claim: cancelled or moved since the sweep looked, it is not due.
    const found = await registrationWithCohort(trx, registrationId);
    if (!found || found.registration.status !== "paid" || found.event.start_date !== startDate)
      return false;
    const { registration, event } = found;
    const claim = { registration_id: registrationId, notice, due_for: startDate };
    if (!(await claimNotice(trx, claim, now))) return false;
    await enqueueEmail(
      trx,
      {
        purpose: `workshop.${notice}`,
        to: registration.email,
        from: deps.config.MAIL_FROM,
        replyTo: deps.config.CONTACT_EMAIL,
        ...workshopReminderTemplate.compose({
          ...cohortFacts(event),
          name: registration.name,
          lead,
          hours: "9:00am to 5:00pm each day",
          invite: workshopInvite(event, registration, deps),
          cancelUrl: cancelUrl(deps, registration.id),
          contactEmail: deps.config.CONTACT_EMAIL,
        }),
      },
      { now },
    );
    return true;
  });
}
