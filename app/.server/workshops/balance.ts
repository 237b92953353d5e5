import type { Kysely } from "kysely";
import type { Database } from "../core/db/schema";
import { logFailure } from "../core/logger";
import { checkRateLimits } from "../core/rate-limit";
import type { PaymentDeps, ServiceDeps } from "../core/service-deps";
import { signLink, verifyLink } from "../core/signed-links";
import { enqueueEmail } from "../mail";
import { openOneCheckout, type Stripe } from "../sales";
import { balanceDueOn, cohortFacts, eventsToday } from "./cohort-terms";
import { workshopBalanceRequestTemplate, workshopReceiptTemplate } from "./emails/workshop-emails";
import { claimNotice } from "./notice-claims";
import { registrationWithCohort, cohortById } from "./registration-with-cohort";

type Db = Kysely<Database>;
type Deps = Pick<ServiceDeps, "db" | "config" | "clock">;

/** The Checkout session's metadata key that marks it as a registration's balance. */
export const balanceMetadataKey = "workshop_balance_for";

const dayMs = 86_400_000;

/**
 * The balance's payment link, sent in the request and the chase. It opens our page, which opens
 * a fresh Checkout session when pressed (a session lives 24 hours at most; the link must not).
 * The registration decides whether anything is owed, so the link itself never expires.
 */
export function balanceUrl({ config }: Pick<ServiceDeps, "config">, registrationId: string) {
  const token = signLink(config.NEWSLETTER_LINK_SECRET, "workshop-balance", registrationId, null);
  return `${config.SITE_URL}/foundations-program/balance/${token}`;
}

function registrationIdFromToken({ config, clock }: Pick<Deps, "config" | "clock">, token: string) {
  const verified = verifyLink(
    config.NEWSLETTER_LINK_SECRET,
    "workshop-balance",
    token,
    clock.now(),
  );
  return verified.ok ? verified.subject : undefined;
}

/** Paid registrations of cohorts not yet begun that still owe a balance, with their cohort. */
function owingRegistrations(db: Db, today: string) {
  return db
    .selectFrom("workshop_registrations")
    .innerJoin("workshop_events", "workshop_events.id", "workshop_registrations.event_id")
    .selectAll("workshop_registrations")
    .select(["workshop_events.start_date", "workshop_events.balance_due_days"])
    .where("workshop_registrations.status", "=", "paid")
    .whereRef("workshop_registrations.amount_paid_cents", "<", "workshop_registrations.price_cents")
    .where("workshop_events.start_date", ">", today);
}

/**
 * One sweep of the balance emails due now: the request on the cohort's balance day, and one
 * chase WORKSHOP_BALANCE_CHASE_DAYS later if still unpaid. Each is claimed by its row in
 * `workshop_notices` in the transaction that queues it, so instances racing send it once.
 * Unbatched: a cohort has tens of seats, and a deposit paid months ahead is skipped in memory.
 */
export async function sendBalanceRequests(deps: Deps) {
  const now = deps.clock.now();
  const today = eventsToday(now);
  const owing = await owingRegistrations(deps.db, today).execute();
  if (owing.length === 0) return 0;
  const notices = await deps.db
    .selectFrom("workshop_notices")
    .selectAll()
    .where(
      "registration_id",
      "in",
      owing.map((registration) => registration.id),
    )
    .where("notice", "in", ["balance-request", "balance-chase"])
    .execute();
  const chaseAfter = deps.config.WORKSHOP_BALANCE_CHASE_DAYS * dayMs;
  let queued = 0;
  for (const registration of owing) {
    if (today < balanceDueOn(registration)) continue;
    const sent = notices.filter(
      (notice) =>
        notice.registration_id === registration.id && notice.due_for === registration.start_date,
    );
    const request = sent.find((notice) => notice.notice === "balance-request");
    const chase = !!request;
    if (chase && (sent.length > 1 || Date.parse(request.created_at) + chaseAfter > now.getTime()))
      continue;
    if (await requestBalance(deps, registration.id, chase)) queued += 1;
  }
  return queued;
}

async function requestBalance(deps: Deps, registrationId: string, chase: boolean) {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Read again inside the claim: paid or cancelled since the sweep looked, nothing is due.
    const found = await registrationWithCohort(trx, registrationId);
    if (!found) return false;
    const { registration, event } = found;
    if (
      registration.status !== "paid" ||
      registration.amount_paid_cents >= registration.price_cents
    )
      return false;
    const claim = {
      registration_id: registrationId,
      notice: chase ? ("balance-chase" as const) : ("balance-request" as const),
      due_for: event.start_date,
    };
    if (!(await claimNotice(trx, claim, now))) return false;
    await enqueueEmail(
      trx,
      {
        purpose: chase ? "workshop.balance-chase" : "workshop.balance-request",
        to: registration.email,
        from: deps.config.MAIL_FROM,
        replyTo: deps.config.CONTACT_EMAIL,
        ...workshopBalanceRequestTemplate.compose({
          ...cohortFacts(event),
          name: registration.name,
          paidCents: registration.amount_paid_cents,
          balanceCents: registration.price_cents - registration.amount_paid_cents,
          payUrl: balanceUrl(deps, registration.id),
          chase,
          contactEmail: deps.config.CONTACT_EMAIL,
        }),
      },
      { now },
    );
    return true;
  });
}

export type BalanceView =
  | { state: "invalid" | "settled" | "closed" }
  | {
      state: "open";
      name: string;
      cohort: { title: string; when: string; place: string };
      paidCents: number;
      balanceCents: number;
    };

async function balanceView(db: Db, registrationId: string, today: string): Promise<BalanceView> {
  const found = await registrationWithCohort(db, registrationId);
  if (!found) return { state: "invalid" };
  const { registration, event } = found;
  if (registration.status !== "paid" || event.start_date <= today) return { state: "closed" };
  if (registration.amount_paid_cents >= registration.price_cents) return { state: "settled" };
  return {
    state: "open",
    name: registration.name,
    cohort: cohortFacts(event),
    paidCents: registration.amount_paid_cents,
    balanceCents: registration.price_cents - registration.amount_paid_cents,
  };
}

/** What the balance page shows. Opening it changes nothing; only the button opens Checkout. */
export async function loadBalance(deps: Deps, token: string) {
  const id = registrationIdFromToken(deps, token);
  if (!id) return { state: "invalid" } as BalanceView;
  return balanceView(deps.db, id, eventsToday(deps.clock.now()));
}

export type BalancePaymentOutcome =
  | { outcome: "invalid" | "settled" | "closed" | "provider-failed" | "rate-limited" }
  | { outcome: "opened"; url: string };

/** Tries before a press gives up on presses that keep racing it (each lost one reads again). */
const checkoutAttempts = 3;

/**
 * The attendee presses "Pay": at most one payable Checkout session per balance, even when two
 * presses race (`openOneCheckout`). The session opened earlier is reused while open, recorded if
 * Stripe says it was paid (the webhook may be late), otherwise a new one in `payment` mode.
 */
export async function startBalancePayment(
  deps: PaymentDeps,
  { token, clientAddress }: { token: string; clientAddress: string },
): Promise<BalancePaymentOutcome> {
  const id = registrationIdFromToken(deps, token);
  if (!id) return { outcome: "invalid" };
  const limited = await checkRateLimits(deps, {
    bucket: "workshop-balance",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.WORKSHOP_RATE_LIMIT,
  });
  if (!limited.allowed) return { outcome: "rate-limited" };
  try {
    for (let attempt = 0; attempt < checkoutAttempts; attempt += 1) {
      const opened = await openBalanceCheckout(deps, id, token);
      if (opened.outcome !== "lost") return opened;
    }
    throw new Error("Balance presses kept racing");
  } catch (error) {
    logFailure("workshop balance checkout not opened", error);
    return { outcome: "provider-failed" };
  }
}

/** One try: the balance as it stands now, and its one open session. */
async function openBalanceCheckout(
  deps: PaymentDeps,
  id: string,
  token: string,
): Promise<BalancePaymentOutcome | { outcome: "lost" }> {
  const view = await balanceView(deps.db, id, eventsToday(deps.clock.now()));
  if (view.state !== "open") return { outcome: view.state };
  const registration = await deps.db
    .selectFrom("workshop_registrations")
    .select(["email", "balance_session_id"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const stored = registration.balance_session_id;
  const page = `${deps.config.SITE_URL}/foundations-program/balance/${token}`;
  const opened = await openOneCheckout(deps.stripe, {
    storedSessionId: stored,
    sessionParams: () => ({
      mode: "payment",
      customer_email: registration.email,
      client_reference_id: id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: view.balanceCents,
            product_data: { name: `Balance: ${view.cohort.title}, ${view.cohort.when}` },
          },
        },
      ],
      success_url: `${page}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: page,
      metadata: { [balanceMetadataKey]: id },
    }),
    recordPaid: (session) => recordBalanceNow(deps, session),
    claim: async (sessionId) => {
      const claimed = await deps.db
        .updateTable("workshop_registrations")
        .set({ balance_session_id: sessionId, updated_at: deps.clock.now().toISOString() })
        .where("id", "=", id)
        .where("status", "=", "paid")
        .whereRef("amount_paid_cents", "<", "price_cents")
        .where((eb) =>
          stored === null
            ? eb("balance_session_id", "is", null)
            : eb("balance_session_id", "=", stored),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },
  });
  return opened.outcome === "paid" ? { outcome: "settled" } : opened;
}

/**
 * A session Stripe says is paid, recorded outside the webhook; true if the balance stands paid
 * now. One recorded already (and since refunded, as the page is open) leaves a new one to open.
 */
async function recordBalanceNow(deps: PaymentDeps, session: Stripe.Checkout.Session) {
  const { db, ...rest } = deps;
  const applied = await db.transaction().execute((trx) => applyBalancePayment(trx, rest, session));
  if (applied === "ignored") return false;
  deps.outbox.wake();
  return true;
}

export type BalancePaidOutcome = "balance-paid" | "balance-refunded" | "ignored";

const intentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string"
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);

/**
 * A paid balance session, once (the webhook and the return page both call it): the attendee's
 * balance is recorded and a receipt queued. A second balance paid, or one paid after the
 * registration ended, is refunded (idempotently, inside the transaction).
 */
export async function applyBalancePayment(
  trx: Db,
  deps: Pick<PaymentDeps, "config" | "clock" | "stripe">,
  session: Stripe.Checkout.Session,
): Promise<BalancePaidOutcome> {
  const id = session.metadata?.[balanceMetadataKey];
  const intent = intentOf(session);
  if (!id || session.payment_status !== "paid" || !intent) return "ignored";
  const registration = await trx
    .selectFrom("workshop_registrations")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!registration || registration.balance_payment_intent_id === intent) return "ignored";
  const now = deps.clock.now();
  const paidCents = session.amount_total ?? 0;
  const recorded = await trx
    .updateTable("workshop_registrations")
    .set((eb) => ({
      amount_paid_cents: eb("amount_paid_cents", "+", paidCents),
      balance_paid_cents: paidCents,
      balance_payment_intent_id: intent,
      balance_session_id: session.id,
      balance_paid_at: now.toISOString(),
      balance_refunded_at: null,
      updated_at: now.toISOString(),
    }))
    .where("id", "=", id)
    .where("status", "=", "paid")
    // None yet, or the last one was refunded in Stripe (decision 266).
    .where((eb) =>
      eb.or([
        eb("balance_payment_intent_id", "is", null),
        eb("balance_refunded_at", "is not", null),
      ]),
    )
    .executeTakeFirst();
  if (Number(recorded.numUpdatedRows) !== 1) {
    await deps.stripe.refunds.create(
      {
        payment_intent: intent,
        reason: "duplicate",
        metadata: { [balanceMetadataKey]: id },
      },
      { idempotencyKey: `workshop-balance-refund-${session.id}` },
    );
    return "balance-refunded";
  }
  const event = await cohortById(trx, registration.event_id);
  await enqueueEmail(
    trx,
    {
      purpose: "workshop.balance-receipt",
      to: registration.email,
      from: deps.config.MAIL_FROM,
      replyTo: deps.config.CONTACT_EMAIL,
      ...workshopReceiptTemplate.compose({
        ...cohortFacts(event),
        reference: session.id,
        paidCents,
        earlierCents: registration.amount_paid_cents,
        priceCents: registration.price_cents,
        contactEmail: deps.config.CONTACT_EMAIL,
      }),
    },
    { now },
  );
  return "balance-paid";
}

/**
 * The balance page after Checkout: Stripe says whether the session is paid (applied here once if
 * the webhook has not come yet), then the page shows the registration as it now stands. Limited
 * per client address like every look-up that costs a Stripe call; "rate-limited" asks nothing.
 */
export async function settleBalanceReturn(
  deps: PaymentDeps,
  { token, sessionId, clientAddress }: { token: string; sessionId: string; clientAddress: string },
): Promise<"rate-limited" | "looked"> {
  const id = registrationIdFromToken(deps, token);
  if (!id) return "looked";
  const limited = await checkRateLimits(deps, {
    bucket: "workshop-balance-return",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.WORKSHOP_RATE_LIMIT,
  });
  if (!limited.allowed) return "rate-limited";
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    logFailure("workshop balance session not readable", error);
    return "looked";
  }
  if (session.metadata?.[balanceMetadataKey] === id) await recordBalanceNow(deps, session);
  return "looked";
}
