import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { registrationSchema } from "~/lib/workshop-schema";
import {
  visitSourceOf,
  recordAttribution,
  visitSourceFromMetadata,
  visitSourceMetadata,
} from "../analytics";
import { rememberPerson } from "../audience";
import type { Database } from "../core/db/schema";
import { emitPersonEvent } from "../core/person-events";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import { logFailure } from "../core/logger";
import { checkRateLimits, emailLimitKey } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { enqueueEmail } from "../mail";
import type { Stripe } from "../sales";
import { cancelUrl } from "./cancellation";
import { workshopInvite } from "./attendee-invites";
import { enqueueCancelledEmail } from "./cancelled-email";
import { cohortFacts, cohortTerms, eventsToday, isRegistrationOpen } from "./cohort-terms";
import {
  workshopConfirmationTemplate,
  workshopReceiptTemplate,
  workshopRefundApologyTemplate,
} from "./emails/workshop-emails";
import { holdFreeSeat, lockCohort, releaseHeldSeat, sellFreeSeat, sellHeldSeat } from "./seats";
import { addToWaitlist, offerIdFromToken, passHeldSeatOn, passSoldSeatOn } from "./waitlist";
import type { WorkshopEventTable, WorkshopRegistrationTable } from "./workshops-tables";
import { cohortById } from "./registration-with-cohort";

type Db = Kysely<Database>;
type MailDeps = Pick<ServiceDeps, "config" | "clock">;

export const registeredPath = "/foundations-program/registered";

/** The Checkout session's metadata key that names a registration (and marks the session ours). */
export const registrationMetadataKey = "workshop_registration_id";

export type RegistrationOutcome =
  | { outcome: "closed" }
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "not-open" }
  | { outcome: "full"; cohortId: string }
  | { outcome: "offer-invalid" }
  | { outcome: "provider-failed" }
  | { outcome: "opened"; url: string; registrationId: string };

/**
 * A visitor registers for a cohort: validated, limited per address and email, then in one
 * transaction a seat is held (the conditional UPDATE of seats.ts, or the seat a waiting-list
 * offer kept) and the registration recorded; then Stripe Checkout is opened for the deposit or
 * the full price, and the hold lasts exactly as long as the session (its `expires_at`).
 */
export async function startRegistration(
  deps: ServiceDeps & { stripe: Stripe | undefined },
  {
    fields,
    clientAddress,
    offerToken,
    source,
  }: {
    fields: Record<string, unknown>;
    clientAddress: string;
    offerToken?: string;
    source?: string;
  },
): Promise<RegistrationOutcome> {
  const { config, clock, stripe } = deps;
  if (!stripe) return { outcome: "closed" };
  const parsed = registrationSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const request = parsed.data;
  const limited = await checkRateLimits(deps, {
    bucket: "workshop-registration",
    keys: [`ip:${clientAddress}`, emailLimitKey(request.email)],
    limit: config.WORKSHOP_RATE_LIMIT,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const offerId = offerToken ? offerIdFromToken(deps, offerToken) : undefined;
  // Where the visit came from (posted by the page's script when it runs), carried through Checkout.
  const visitSource = await visitSourceOf(fields.attribution, deps, clientAddress);
  if (offerToken && !offerId) return { outcome: "offer-invalid" };

  const now = clock.now();
  const holdUntil = new Date(now.getTime() + config.WORKSHOP_HOLD_MINUTES * 60_000);
  const registrationId = randomUUID();
  const held = await deps.db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom("workshop_events")
      .selectAll()
      .where("id", "=", request.cohortId)
      .executeTakeFirst();
    const today = eventsToday(now);
    if (!event) return { outcome: "not-open" } as const;
    if (offerId) {
      // The seat the offer kept: the offer is used once, only before it ends, only by its person.
      if (event.start_date <= today || event.cancelled_at) return { outcome: "not-open" } as const;
      await lockCohort(trx, event.id);
      const used = await trx
        .updateTable("workshop_waitlist")
        .set({ status: "accepted", updated_at: now.toISOString() })
        .where("id", "=", offerId)
        .where("event_id", "=", event.id)
        .where("status", "=", "offered")
        .where("offer_expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return { outcome: "offer-invalid" } as const;
    } else {
      if (!isRegistrationOpen(event, today)) return { outcome: "not-open" } as const;
      if (!(await holdFreeSeat(trx, event.id)))
        return { outcome: "full", cohortId: event.id } as const;
    }
    const terms = cohortTerms(event, today);
    const payment = request.payment === "deposit" && terms.depositCents ? "deposit" : "full";
    const personId = await rememberPerson(trx, {
      email: request.email,
      firstName: request.name,
      source: "/foundations-program",
      now,
    });
    await trx
      .insertInto("workshop_registrations")
      .values({
        id: registrationId,
        event_id: event.id,
        name: request.name,
        email: request.email,
        person_id: personId,
        status: "held",
        payment,
        price_cents: terms.priceCents,
        charged_cents: payment === "deposit" ? terms.depositCents! : terms.priceCents,
        amount_paid_cents: 0,
        stripe_session_id: null,
        stripe_payment_intent_id: null,
        stripe_refund_id: null,
        hold_expires_at: holdUntil.toISOString(),
        offer_id: offerId ?? null,
        source: source ?? null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        paid_at: null,
        balance_session_id: null,
        balance_payment_intent_id: null,
        balance_paid_cents: 0,
        balance_paid_at: null,
        cancelled_at: null,
        refunded_cents: 0,
        credit_cents: 0,
        letters_stopped_at: null,
        balance_refunded_cents: 0,
        balance_refunded_at: null,
        invite_sequence: 0,
      })
      .execute();
    return { outcome: "held", event, payment, terms } as const;
  });
  if (held.outcome !== "held") return held;

  const { event, payment, terms } = held;
  const facts = cohortFacts(event);
  const charged = payment === "deposit" ? terms.depositCents! : terms.priceCents;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer_email: request.email,
        client_reference_id: registrationId,
        expires_at: Math.floor(holdUntil.getTime() / 1000),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: charged,
              product_data: {
                name: `${facts.title}, ${facts.when}, ${event.location}${payment === "deposit" ? " (deposit)" : ""}`,
              },
            },
          },
        ],
        success_url: `${config.SITE_URL}${registeredPath}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${config.SITE_URL}/foundations-program#cohorts`,
        metadata: {
          [registrationMetadataKey]: registrationId,
          event_id: event.id,
          ...visitSourceMetadata(visitSource),
        },
      },
      { idempotencyKey: `workshop-registration-${registrationId}` },
    );
    if (!session.url) throw new Error("Stripe returned a session without a URL");
  } catch (error) {
    logFailure("workshop checkout session not opened", error);
    await deps.db.transaction().execute(async (trx) => {
      await lockCohort(trx, event.id);
      if (!(await endHold(trx, registrationId, now))) return;
      // An offer is used only once a Checkout exists: it goes back to its person with the seat
      // it keeps (the offer sweep passes it on if its time ran out meanwhile).
      if (offerId) await restoreOffer(trx, offerId, now);
      else await passHeldSeatOn(trx, deps, event.id);
    });
    deps.outbox.wake();
    return { outcome: "provider-failed" };
  }
  await deps.db
    .updateTable("workshop_registrations")
    .set({
      stripe_session_id: session.id,
      hold_expires_at: new Date(session.expires_at * 1000).toISOString(),
      updated_at: clock.now().toISOString(),
    })
    .where("id", "=", registrationId)
    .execute();
  return { outcome: "opened", url: session.url, registrationId };
}

/** Gives an offer back to its person after their Checkout could not be opened. */
async function restoreOffer(trx: Db, offerId: string, now: Date) {
  await trx
    .updateTable("workshop_waitlist")
    .set({ status: "offered", updated_at: now.toISOString() })
    .where("id", "=", offerId)
    .where("status", "=", "accepted")
    .execute();
}

/** Ends a hold once: true for the one caller that moved it from `held` to `expired`. */
async function endHold(trx: Db, registrationId: string, now: Date, onlyLapsed = false) {
  let query = trx
    .updateTable("workshop_registrations")
    .set({ status: "expired", updated_at: now.toISOString() })
    .where("id", "=", registrationId)
    .where("status", "=", "held");
  if (onlyLapsed) query = query.where("hold_expires_at", "<=", now.toISOString());
  const changed = await query.executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1;
}

/** The registration a Checkout session was opened for, if the session is really its own. */
async function registrationOf(trx: Db, session: Stripe.Checkout.Session) {
  const id = session.metadata?.[registrationMetadataKey];
  if (!id) return undefined;
  const registration = await trx
    .selectFrom("workshop_registrations")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!registration) return undefined;
  if (registration.stripe_session_id && registration.stripe_session_id !== session.id)
    return undefined;
  return registration;
}

async function queuePaidEmails(
  trx: Db,
  deps: MailDeps,
  event: WorkshopEventTable,
  registration: WorkshopRegistrationTable,
  { sessionId, paidCents }: { sessionId: string; paidCents: number },
) {
  const { config, clock } = deps;
  const mail = { from: config.MAIL_FROM, replyTo: config.CONTACT_EMAIL, to: registration.email };
  const facts = cohortFacts(event);
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.receipt",
      ...mail,
      ...workshopReceiptTemplate.compose({
        ...facts,
        reference: sessionId,
        paidCents,
        priceCents: registration.price_cents,
        contactEmail: config.CONTACT_EMAIL,
      }),
    },
    { now: clock.now() },
  );
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.confirmation",
      ...mail,
      ...workshopConfirmationTemplate.compose({
        ...facts,
        name: registration.name,
        hours: "9:00am to 5:00pm each day",
        contactEmail: config.CONTACT_EMAIL,
        invite: workshopInvite(event, registration, deps),
        cancelUrl: cancelUrl(deps, registration.id),
      }),
    },
    { now: clock.now() },
  );
}

export type PaidSessionOutcome = "fulfilled" | "seated-late" | "refunded" | "ignored";

function intentOf(session: Stripe.Checkout.Session) {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/**
 * A paid Checkout session, once (the webhook and the confirmation page both call it; only the
 * call that moves the registration from `held` or `expired` does anything). A held seat is sold.
 * A payment that arrives after its hold lapsed takes a free seat if one is left; otherwise it is
 * refunded through Stripe (idempotently, inside this transaction, so a failure rolls back and
 * Stripe's retry tries again), with an apology and a place on the waiting list.
 */
export async function fulfilRegistration(
  trx: Db,
  deps: MailDeps & { stripe: Stripe },
  session: Stripe.Checkout.Session,
): Promise<PaidSessionOutcome> {
  const registration = await registrationOf(trx, session);
  if (!registration || session.payment_status !== "paid") return "ignored";
  if (registration.status !== "held" && registration.status !== "expired") return "ignored";
  const now = deps.clock.now();
  await lockCohort(trx, registration.event_id);
  const claimed = await trx
    .updateTable("workshop_registrations")
    .set({ status: "paid", updated_at: now.toISOString() })
    .where("id", "=", registration.id)
    .where("status", "=", registration.status)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return "ignored";
  const paidCents = session.amount_total ?? registration.charged_cents;
  const paid = {
    stripe_session_id: session.id,
    stripe_payment_intent_id: intentOf(session),
    amount_paid_cents: paidCents,
    paid_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  const event = await cohortById(trx, registration.event_id);
  if (event.cancelled_at) {
    if (registration.status === "held") await releaseHeldSeat(trx, event.id);
    return refundIntoCancelledCohort(trx, deps, event, registration, session, paid);
  }
  if (registration.status === "held" || (await sellFreeSeat(trx, event.id))) {
    if (registration.status === "held") await sellHeldSeat(trx, event.id);
    await trx
      .updateTable("workshop_registrations")
      .set(paid)
      .where("id", "=", registration.id)
      .execute();
    await queuePaidEmails(trx, deps, event, registration, { sessionId: session.id, paidCents });
    // A registration counts as a conversion, with the source its session's metadata carried back.
    await recordAttribution(trx, {
      conversion: "workshop_registration",
      subjectId: registration.id,
      personId: registration.person_id,
      source: visitSourceFromMetadata(session.metadata),
      amountCents: paidCents,
      at: now,
    });
    // The sequences a registration starts or ends (decision 210), in this transaction.
    if (registration.person_id)
      await emitPersonEvent(trx, {
        kind: "workshop-registered",
        personId: registration.person_id,
        cohortId: event.id,
        now,
      });
    return registration.status === "held" ? "fulfilled" : "seated-late";
  }
  // Late, and the cohort is full: the money goes back, the person goes in line.
  const intent = intentOf(session);
  if (!intent) throw new Error(`Paid session ${session.id} without a payment intent`);
  const refund = await deps.stripe.refunds.create(
    {
      payment_intent: intent,
      reason: "requested_by_customer",
      metadata: { [registrationMetadataKey]: registration.id },
    },
    { idempotencyKey: `workshop-refund-${registration.id}` },
  );
  await trx
    .updateTable("workshop_registrations")
    .set({ ...paid, status: "refunded", stripe_refund_id: refund.id })
    .where("id", "=", registration.id)
    .execute();
  await addToWaitlist(trx, {
    eventId: event.id,
    name: registration.name,
    email: registration.email,
    reason: "refunded",
    now,
  });
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.refund-apology",
      to: registration.email,
      from: deps.config.MAIL_FROM,
      replyTo: deps.config.CONTACT_EMAIL,
      ...workshopRefundApologyTemplate.compose({
        ...cohortFacts(event),
        name: registration.name,
        refundedCents: paidCents,
        contactEmail: deps.config.CONTACT_EMAIL,
      }),
    },
    { now },
  );
  return "refunded";
}

/** A payment that arrived after the owner cancelled its cohort: all of it goes back, with the news. */
async function refundIntoCancelledCohort(
  trx: Db,
  deps: MailDeps & { stripe: Stripe },
  event: WorkshopEventTable,
  registration: WorkshopRegistrationTable,
  session: Stripe.Checkout.Session,
  paid: Partial<WorkshopRegistrationTable> & { amount_paid_cents: number },
): Promise<PaidSessionOutcome> {
  const intent = intentOf(session);
  if (!intent) throw new Error(`Paid session ${session.id} without a payment intent`);
  const refund = await deps.stripe.refunds.create(
    {
      payment_intent: intent,
      reason: "requested_by_customer",
      metadata: { [registrationMetadataKey]: registration.id },
    },
    { idempotencyKey: `workshop-refund-${registration.id}` },
  );
  const now = deps.clock.now();
  await trx
    .updateTable("workshop_registrations")
    .set({
      ...paid,
      status: "cancelled",
      cancelled_at: now.toISOString(),
      refunded_cents: paid.amount_paid_cents,
      stripe_refund_id: refund.id,
    })
    .where("id", "=", registration.id)
    .execute();
  await enqueueCancelledEmail(trx, deps, {
    event,
    registration,
    outcome: "cohort",
    cents: paid.amount_paid_cents,
    now,
    withInvite: false,
  });
  return "refunded";
}

/**
 * A Checkout session ended unpaid: its hold ends and the seat passes on. Only a `held`
 * registration changes, so `expired` arriving after `completed` never frees a paid seat.
 */
export async function expireRegistration(
  trx: Db,
  deps: MailDeps,
  session: Stripe.Checkout.Session,
): Promise<"released" | "ignored"> {
  const registration = await registrationOf(trx, session);
  if (!registration) return "ignored";
  await lockCohort(trx, registration.event_id);
  if (!(await endHold(trx, registration.id, deps.clock.now()))) return "ignored";
  await passHeldSeatOn(trx, deps, registration.event_id);
  return "released";
}

/**
 * Holds past their session's `expires_at` whose `expired` event never came (or has not yet):
 * each is claimed by its own conditional UPDATE, so instances sweeping at once free it once.
 */
export async function sweepLapsedHolds(deps: Pick<ServiceDeps, "db" | "config" | "clock">) {
  const now = deps.clock.now();
  const lapsed = await deps.db
    .selectFrom("workshop_registrations")
    .select(["id", "event_id"])
    .where("status", "=", "held")
    .where("hold_expires_at", "<=", now.toISOString())
    .limit(100)
    .execute();
  for (const hold of lapsed) {
    await deps.db.transaction().execute(async (trx) => {
      await lockCohort(trx, hold.event_id);
      if (await endHold(trx, hold.id, now, true)) await passHeldSeatOn(trx, deps, hold.event_id);
    });
  }
  return lapsed.length;
}

/**
 * A full refund made in Stripe's dashboard: the seat is given back and offered to the line, and
 * the attendee is told, with the CANCEL invite, once (only the call that moves `paid` to
 * `refunded` does it; our own cancellation has left `paid` before its refund's notice comes).
 */
export async function refundRegistration(
  trx: Db,
  deps: MailDeps,
  charge: Stripe.Charge,
): Promise<"released" | "ignored" | "not-ours"> {
  const intent =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return "not-ours";
  const registration = await trx
    .selectFrom("workshop_registrations")
    .selectAll()
    .where("stripe_payment_intent_id", "=", intent)
    .executeTakeFirst();
  if (!registration) return "not-ours";
  if (!charge.refunded || registration.status !== "paid") return "ignored";
  await lockCohort(trx, registration.event_id);
  const now = deps.clock.now();
  const changed = await trx
    .updateTable("workshop_registrations")
    .set({
      status: "refunded",
      refunded_cents: charge.amount_refunded,
      updated_at: now.toISOString(),
    })
    .where("id", "=", registration.id)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) return "ignored";
  await passSoldSeatOn(trx, deps, registration.event_id);
  const event = await cohortById(trx, registration.event_id);
  await enqueueCancelledEmail(trx, deps, {
    event,
    registration,
    outcome: "refunded",
    cents: charge.amount_refunded,
    now,
  });
  return "released";
}
