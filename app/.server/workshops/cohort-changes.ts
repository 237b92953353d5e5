import type { Db } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { workshopInvite } from "./attendee-invites";
import { cancelUrl } from "./cancellation";
import { cohortFacts } from "./cohort-terms";
import { workshopChangedTemplate } from "./emails/workshop-emails";
import type { WorkshopEventTable } from "./workshops-tables";

/**
 * A cohort's dates or place changed: every attendee holding a seat (a deposit or paid in full)
 * gets an email with the invite that replaces theirs (same UID, the cohort's raised SEQUENCE),
 * queued in the change's transaction. Those still in Checkout get the new invite when they pay.
 */
export async function tellAttendeesOfMove(
  trx: Db,
  deps: Pick<ServiceDeps, "config" | "clock">,
  before: WorkshopEventTable,
  after: WorkshopEventTable,
) {
  const attendees = await trx
    .selectFrom("workshop_registrations")
    .select(["id", "name", "email", "invite_sequence"])
    .where("event_id", "=", after.id)
    .where("status", "=", "paid")
    .orderBy("created_at")
    .execute();
  const was = cohortFacts(before);
  const now = deps.clock.now();
  for (const attendee of attendees) {
    await enqueueEmail(
      trx,
      {
        purpose: "workshop.changed",
        to: attendee.email,
        from: deps.config.MAIL_FROM,
        replyTo: deps.config.CONTACT_EMAIL,
        ...workshopChangedTemplate.compose({
          ...cohortFacts(after),
          name: attendee.name,
          was: `${was.when}, ${was.place}`,
          hours: "9:00am to 5:00pm each day",
          invite: workshopInvite(after, attendee, deps),
          cancelUrl: cancelUrl(deps, attendee.id),
          contactEmail: deps.config.CONTACT_EMAIL,
        }),
      },
      { now },
    );
  }
  return attendees.length;
}
