import type { Db } from "../core/db/database";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import { cancelledInvite } from "./attendee-invites";
import { cohortFacts } from "./cohort-terms";
import { workshopCancelledTemplate } from "./emails/workshop-emails";
import type { WorkshopEventTable, WorkshopRegistrationTable } from "./workshops-tables";

/**
 * Queues, in the caller's transaction, the letter that an attendance ended and what the attendee
 * gets back; with the calendar's CANCEL unless `withInvite` is false (a late payment refunded at
 * once: no invite was ever sent for it).
 */
export async function enqueueCancelledEmail(
  trx: Db,
  deps: Pick<ServiceDeps, "config" | "clock">,
  {
    event,
    registration,
    outcome,
    cents,
    now,
    withInvite = true,
  }: {
    event: WorkshopEventTable;
    registration: Pick<WorkshopRegistrationTable, "id" | "name" | "email" | "invite_sequence">;
    outcome: "refund" | "credit" | "refunded" | "cohort";
    cents: number;
    now: Date;
    withInvite?: boolean;
  },
) {
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.cancelled",
      to: registration.email,
      from: deps.config.MAIL_FROM,
      replyTo: deps.config.CONTACT_EMAIL,
      ...workshopCancelledTemplate.compose({
        ...cohortFacts(event),
        name: registration.name,
        outcome,
        cents,
        contactEmail: deps.config.CONTACT_EMAIL,
        invite: withInvite ? await cancelledInvite(trx, deps, event, registration) : undefined,
      }),
    },
    { now },
  );
}
