import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { waitlistSchema } from "~/lib/workshop-schema";
import { recordAdminAction } from "../core/audit-log";
import type { Database } from "../core/db/schema";
import { invalidInput, type InvalidInput } from "../core/invalid-input";
import { checkRateLimits, emailLimitKey } from "../core/rate-limit";
import type { ServiceDeps } from "../core/service-deps";
import { signLink, verifyLink } from "../core/signed-links";
import { enqueueEmail } from "../mail";
import { cohortFacts, cohortTerms, eventsToday } from "./cohort-terms";
import {
  workshopSeatOfferTemplate,
  workshopWaitlistJoinedTemplate,
} from "./emails/workshop-emails";
import { holdFreeSeat, lockCohort, releaseHeldSeat } from "./seats";
import { cohortById } from "./registration-with-cohort";

type Db = Kysely<Database>;
type MailDeps = Pick<ServiceDeps, "config" | "clock">;

/** The personal link of an offer: valid until the offer ends, naming the waiting-list row. */
export function offerUrl({ config }: Pick<ServiceDeps, "config">, id: string, until: Date) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "workshop-offer", id, until);
  return `${config.SITE_URL}/foundations-program/offer/${token}`;
}

/** The waiting-list row an offer link names, while the link is valid. */
export function offerIdFromToken({ config, clock }: MailDeps, token: string) {
  const verified = verifyLink(config.NEWSLETTER_LINK_SECRET, "workshop-offer", token, clock.now());
  return verified.ok ? verified.subject : undefined;
}

const untilLabel = (until: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(until);

/**
 * Gives the seat this transaction holds to one waiting person: their offer, kept until the end of
 * WORKSHOP_OFFER_HOURS, and its email. The seat stays `held` for them meanwhile.
 */
async function offerHeldSeat(
  trx: Db,
  deps: MailDeps,
  waiting: { id: string; name: string; email: string; event_id: string },
) {
  const now = deps.clock.now();
  const until = new Date(now.getTime() + deps.config.WORKSHOP_OFFER_HOURS * 3_600_000);
  await trx
    .updateTable("workshop_waitlist")
    .set({
      status: "offered",
      offered_at: now.toISOString(),
      offer_expires_at: until.toISOString(),
      updated_at: now.toISOString(),
    })
    .where("id", "=", waiting.id)
    .execute();
  const event = await cohortById(trx, waiting.event_id);
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.seat-offer",
      to: waiting.email,
      from: deps.config.MAIL_FROM,
      replyTo: deps.config.CONTACT_EMAIL,
      ...workshopSeatOfferTemplate.compose({
        ...cohortFacts(event),
        name: waiting.name,
        offerUrl: offerUrl(deps, waiting.id, until),
        until: untilLabel(until, deps.config.BOOKING_TIME_ZONE),
        contactEmail: deps.config.CONTACT_EMAIL,
      }),
    },
    { now },
  );
}

/** The next person in line for a cohort that has not begun, if any. */
async function nextWaiting(trx: Db, eventId: string, now: Date) {
  const event = await trx
    .selectFrom("workshop_events")
    .select("start_date")
    .where("id", "=", eventId)
    .executeTakeFirst();
  if (!event || event.start_date <= eventsToday(now)) return undefined;
  return trx
    .selectFrom("workshop_waitlist")
    .select(["id", "name", "email", "event_id"])
    .where("event_id", "=", eventId)
    .where("status", "=", "waiting")
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirst();
}

/**
 * A held seat is let go (a checkout ended unpaid, an offer lapsed): under the cohort's lock it
 * goes to the next person waiting as a personal offer, or back to the public when nobody waits.
 * Returns whether an offer email was queued.
 */
export async function passHeldSeatOn(trx: Db, deps: MailDeps, eventId: string) {
  await lockCohort(trx, eventId);
  const waiting = await nextWaiting(trx, eventId, deps.clock.now());
  if (!waiting) {
    await releaseHeldSeat(trx, eventId);
    return false;
  }
  await offerHeldSeat(trx, deps, waiting);
  return true;
}

/**
 * A sold seat is given back (a cancellation, a refund made in Stripe): it becomes held for a
 * moment and passes on like any held seat, to the line first.
 */
export async function passSoldSeatOn(trx: Db, deps: MailDeps, eventId: string) {
  await lockCohort(trx, eventId);
  await trx
    .updateTable("workshop_events")
    .set((eb) => ({ sold: eb("sold", "-", 1), held: eb("held", "+", 1) }))
    .where("id", "=", eventId)
    .where("sold", ">", 0)
    .execute();
  return passHeldSeatOn(trx, deps, eventId);
}

/**
 * Free seats (more seats set, a refund) go to the people waiting, one offer per seat, under the
 * cohort's lock. Returns how many offers were made.
 */
export async function offerFreeSeats(trx: Db, deps: MailDeps, eventId: string) {
  await lockCohort(trx, eventId);
  let offered = 0;
  for (;;) {
    const waiting = await nextWaiting(trx, eventId, deps.clock.now());
    if (!waiting || !(await holdFreeSeat(trx, eventId))) return offered;
    await offerHeldSeat(trx, deps, waiting);
    offered += 1;
  }
}

/** Puts someone in line (a visitor, or a late payment refunded); once per cohort and address. */
export async function addToWaitlist(
  trx: Db,
  {
    now,
    ...entry
  }: { eventId: string; name: string; email: string; reason: "visitor" | "refunded"; now: Date },
) {
  const already = await trx
    .selectFrom("workshop_waitlist")
    .select("id")
    .where("event_id", "=", entry.eventId)
    .where("email", "=", entry.email)
    .where("status", "in", ["waiting", "offered"])
    .executeTakeFirst();
  if (already) return { id: already.id, added: false };
  const id = randomUUID();
  await trx
    .insertInto("workshop_waitlist")
    .values({
      id,
      event_id: entry.eventId,
      name: entry.name,
      email: entry.email,
      status: "waiting",
      reason: entry.reason,
      offered_at: null,
      offer_expires_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  return { id, added: true };
}

export type JoinWaitlistOutcome =
  | InvalidInput
  | { outcome: "rate-limited"; retryAfterSeconds: number }
  | { outcome: "not-found" }
  | { outcome: "joined" };

/**
 * A visitor asks for a place in a cohort's line: validated and size-capped by the schema, limited
 * per address and email, acknowledged by email. Asking twice keeps the first place.
 */
export async function joinWaitlist(
  deps: ServiceDeps,
  { fields, clientAddress }: { fields: Record<string, unknown>; clientAddress: string },
): Promise<JoinWaitlistOutcome> {
  const parsed = waitlistSchema.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error);
  const { cohortId, name, email } = parsed.data;
  const limited = await checkRateLimits(deps, {
    bucket: "workshop-waitlist",
    keys: [`ip:${clientAddress}`, emailLimitKey(email)],
    limit: deps.config.WORKSHOP_RATE_LIMIT,
  });
  if (!limited.allowed)
    return { outcome: "rate-limited", retryAfterSeconds: limited.retryAfterSeconds };
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<JoinWaitlistOutcome> => {
    const event = await trx
      .selectFrom("workshop_events")
      .selectAll()
      .where("id", "=", cohortId)
      .where("seats", "is not", null)
      .executeTakeFirst();
    if (!event || event.start_date <= eventsToday(now)) return { outcome: "not-found" };
    const { added } = await addToWaitlist(trx, {
      eventId: cohortId,
      name,
      email,
      reason: "visitor",
      now,
    });
    if (added) {
      await enqueueEmail(
        trx,
        {
          purpose: "workshop.waitlist-joined",
          to: email,
          from: deps.config.MAIL_FROM,
          replyTo: deps.config.CONTACT_EMAIL,
          ...workshopWaitlistJoinedTemplate.compose({
            ...cohortFacts(event),
            name,
            contactEmail: deps.config.CONTACT_EMAIL,
          }),
        },
        { now },
      );
    }
    return { outcome: "joined" };
  });
  deps.outbox.wake();
  return outcome;
}

/**
 * Offers that ran out pass to the next person in line. Each row is claimed by its own conditional
 * UPDATE, so instances sweeping at once pass each seat on once.
 */
export async function sweepLapsedOffers(deps: Pick<ServiceDeps, "db" | "config" | "clock">) {
  const now = deps.clock.now().toISOString();
  const lapsed = await deps.db
    .selectFrom("workshop_waitlist")
    .select(["id", "event_id"])
    .where("status", "=", "offered")
    .where("offer_expires_at", "<=", now)
    .limit(100)
    .execute();
  let offers = 0;
  for (const offer of lapsed) {
    await deps.db.transaction().execute(async (trx) => {
      await lockCohort(trx, offer.event_id);
      const claimed = await trx
        .updateTable("workshop_waitlist")
        .set({ status: "lapsed", updated_at: now })
        .where("id", "=", offer.id)
        .where("status", "=", "offered")
        .where("offer_expires_at", "<=", now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1 && (await passHeldSeatOn(trx, deps, offer.event_id)))
        offers += 1;
    });
  }
  return { lapsed: lapsed.length, offers };
}

export type OwnerOfferOutcome =
  { outcome: "offered" } | { outcome: "no-seat" } | { outcome: "not-waiting" };

/**
 * The owner offers a free seat to one person in line, out of turn if they choose: the same lock
 * and the same conditional UPDATE as the automatic offers, so the two never give one seat twice.
 */
export async function offerSeatAsOwner(
  deps: ServiceDeps,
  { eventId, waitlistId, actor }: { eventId: string; waitlistId: string; actor: string },
): Promise<OwnerOfferOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction().execute(async (trx): Promise<OwnerOfferOutcome> => {
    await lockCohort(trx, eventId);
    const waiting = await trx
      .selectFrom("workshop_waitlist")
      .select(["id", "name", "email", "event_id"])
      .where("id", "=", waitlistId)
      .where("event_id", "=", eventId)
      .where("status", "=", "waiting")
      .executeTakeFirst();
    if (!waiting) return { outcome: "not-waiting" };
    if (!(await holdFreeSeat(trx, eventId))) return { outcome: "no-seat" };
    await offerHeldSeat(trx, deps, waiting);
    await recordAdminAction(trx, {
      actor,
      action: "workshops.seat-offered",
      subject: eventId,
      detail: { waitlistId },
      now,
    });
    return { outcome: "offered" };
  });
  if (outcome.outcome === "offered") deps.outbox.wake();
  return outcome;
}

/**
 * What an offer's personal page shows: the cohort and its terms today, while the offer stands.
 * Opening the page changes nothing (mail scanners open links); only registering uses the offer.
 */
export async function loadOffer(deps: Pick<ServiceDeps, "db" | "config" | "clock">, token: string) {
  const id = offerIdFromToken(deps, token);
  if (!id) return { state: "invalid" as const };
  const row = await deps.db
    .selectFrom("workshop_waitlist")
    .innerJoin("workshop_events", "workshop_events.id", "workshop_waitlist.event_id")
    .selectAll("workshop_events")
    .select([
      "workshop_waitlist.name as person_name",
      "workshop_waitlist.email as person_email",
      "workshop_waitlist.status as offer_status",
      "workshop_waitlist.offer_expires_at",
    ])
    .where("workshop_waitlist.id", "=", id)
    .executeTakeFirst();
  const now = deps.clock.now();
  if (!row) return { state: "invalid" as const };
  if (row.offer_status === "accepted") return { state: "used" as const };
  if (
    row.offer_status !== "offered" ||
    !row.offer_expires_at ||
    row.offer_expires_at <= now.toISOString()
  )
    return { state: "lapsed" as const };
  const terms = cohortTerms(row, eventsToday(now));
  return {
    state: "open" as const,
    until: row.offer_expires_at,
    person: { name: row.person_name, email: row.person_email },
    cohort: {
      id: row.id,
      ...cohortFacts(row),
      seatsLeft: 1,
      priceCents: terms.priceCents,
      listPriceCents: terms.listPriceCents,
      depositCents: terms.depositCents,
      earlyUntil: terms.earlyUntil,
    },
  };
}
