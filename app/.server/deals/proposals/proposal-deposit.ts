import { centsLabel } from "~/lib/proposal-schema";
import { recordAdminAction } from "../../core/audit-log";
import { logFailure } from "../../core/logger";
import { checkRateLimits } from "../../core/rate-limit";
import type { PaymentDeps } from "../../core/service-deps";
import { localDateOf } from "../../core/zoned-time";
import { enqueueEmail } from "../../mail";
import { openOneCheckout, type Stripe } from "../../sales";
import { depositPaidTemplate, depositReceiptTemplate } from "../emails/deposit-emails";
import type { DealProposalTable } from "../proposal-tables";
import { proposalIdFromToken, proposalUrl } from "./proposal-links";
import { latestSentVersion, lockDeal, ownerToday, proposalState } from "./proposal-versions";

type Db = PaymentDeps["db"];
type Deps = Pick<PaymentDeps, "config" | "clock" | "stripe">;

/** The Checkout session's metadata key naming the proposal version whose deposit it pays. */
export const depositMetadataKey = "deal_deposit_for";

/** Who records a deposit in the audit: the payment, not a person in the console. */
const stripeActor = "Stripe (proposal deposit)";

export type ProposalDeposit =
  | { state: "none" }
  | { state: "due"; cents: number }
  | {
      state: "paid";
      cents: number;
      paidOn: string;
      /** Refunded in Stripe's dashboard, all or part. */
      refunded: { cents: number; on: string } | null;
    };

/** What an accepted version's deposit stands at; nothing is due on one not accepted. */
export function proposalDeposit(
  row: Pick<
    DealProposalTable,
    | "accepted_at"
    | "deposit_cents"
    | "deposit_paid_at"
    | "deposit_paid_cents"
    | "deposit_refunded_cents"
    | "deposit_refunded_at"
  >,
  timeZone: string,
): ProposalDeposit {
  if (!row.accepted_at || row.deposit_cents === null) return { state: "none" };
  if (!row.deposit_paid_at) return { state: "due", cents: row.deposit_cents };
  return {
    state: "paid",
    cents: row.deposit_paid_cents ?? row.deposit_cents,
    paidOn: localDateOf(Date.parse(row.deposit_paid_at), timeZone),
    refunded:
      row.deposit_refunded_cents && row.deposit_refunded_at
        ? {
            cents: row.deposit_refunded_cents,
            on: localDateOf(Date.parse(row.deposit_refunded_at), timeZone),
          }
        : null,
  };
}

/** The version a link names with its deal's title, when its deposit is due now. */
async function dueDeposit(deps: Pick<PaymentDeps, "db" | "clock" | "config">, id: string) {
  const row = await deps.db
    .selectFrom("deal_proposals")
    .innerJoin("deals", "deals.id", "deal_proposals.deal_id")
    .selectAll("deal_proposals")
    .select("deals.title as deal_title")
    .where("deal_proposals.id", "=", id)
    .where("deal_proposals.sent_at", "is not", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const state = proposalState(row, await latestSentVersion(deps.db, row.deal_id), ownerToday(deps));
  if (state !== "accepted") return undefined;
  return proposalDeposit(row, deps.config.BOOKING_TIME_ZONE).state === "due" ? row : undefined;
}

export type DepositPaymentOutcome =
  | { outcome: "invalid" | "not-due" | "paid" | "rate-limited" | "provider-failed" }
  | { outcome: "opened"; url: string };

/** Tries before a press gives up on presses that keep racing it (each lost one reads again). */
const checkoutAttempts = 3;

/**
 * The client presses "Pay the deposit": at most one payable Checkout session per deposit, even
 * when two presses race (`openOneCheckout`). The session opened earlier is reused while open,
 * recorded if Stripe says it was paid (the webhook may be late), otherwise a new one for exactly
 * the deposit.
 */
export async function startDepositPayment(
  deps: PaymentDeps,
  { token, clientAddress }: { token: string; clientAddress: string },
): Promise<DepositPaymentOutcome> {
  const id = proposalIdFromToken(deps, token);
  if (!id) return { outcome: "invalid" };
  const limited = await checkRateLimits(deps, {
    bucket: "proposal-deposit",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) return { outcome: "rate-limited" };
  try {
    for (let attempt = 0; attempt < checkoutAttempts; attempt += 1) {
      const opened = await openDepositCheckout(deps, id);
      if (opened.outcome !== "lost") return opened;
    }
    throw new Error("Deposit presses kept racing");
  } catch (error) {
    logFailure("proposal deposit checkout not opened", error);
    return { outcome: "provider-failed" };
  }
}

/** One try: the deposit as it stands now, and its one open session. */
async function openDepositCheckout(deps: PaymentDeps, id: string) {
  const row = await dueDeposit(deps, id);
  if (!row || row.deposit_cents === null) return { outcome: "not-due" as const };
  const { deposit_cents: cents, deposit_session_id: stored } = row;
  const page = proposalUrl(deps, id);
  return openOneCheckout(deps.stripe, {
    storedSessionId: stored,
    sessionParams: () => ({
      mode: "payment",
      customer_email: row.sent_to ?? undefined,
      client_reference_id: id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: cents,
            product_data: { name: `Deposit: ${row.program} (proposal version ${row.version})` },
          },
        },
      ],
      success_url: `${page}?deposit_session={CHECKOUT_SESSION_ID}`,
      cancel_url: page,
      metadata: { [depositMetadataKey]: id, deal_id: row.deal_id },
    }),
    recordPaid: (session) => recordDepositNow(deps, session),
    claim: async (sessionId) => {
      const claimed = await deps.db
        .updateTable("deal_proposals")
        .set({
          deposit_session_id: sessionId,
          deposit_session_opened_at: deps.clock.now().toISOString(),
        })
        .where("id", "=", id)
        .where("deposit_paid_at", "is", null)
        .where((eb) =>
          stored === null
            ? eb("deposit_session_id", "is", null)
            : eb("deposit_session_id", "=", stored),
        )
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },
  });
}

/** A session Stripe says is paid, recorded outside the webhook; true if the deposit is paid now. */
async function recordDepositNow(
  deps: Pick<PaymentDeps, "db" | "config" | "clock" | "stripe" | "outbox">,
  session: Stripe.Checkout.Session,
) {
  const { db, ...rest } = deps;
  const applied = await db.transaction().execute((trx) => applyDepositPayment(trx, rest, session));
  if (applied === "deposit-paid") deps.outbox.wake();
  // A refunded second payment also means the deposit stands paid by the first.
  return applied !== "ignored";
}

export type DepositPaidOutcome =
  "deposit-paid" | "second-payment-refunded" | "ignored-already-paid" | "ignored";

const intentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === "string"
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);

/**
 * A paid deposit session, once, in the caller's transaction (the webhook and the return page both
 * call it): the version records the payment, the audit `deals.deposit-paid`, the owner a notice
 * and the client a receipt. A second session paid for a deposit already paid is refunded
 * (idempotently), so the client is never charged twice.
 */
export async function applyDepositPayment(
  trx: Db,
  deps: Deps,
  session: Stripe.Checkout.Session,
): Promise<DepositPaidOutcome> {
  const id = session.metadata?.[depositMetadataKey];
  const intent = intentOf(session);
  if (!id || session.payment_status !== "paid" || !intent) return "ignored";
  const dealId = (
    await trx.selectFrom("deal_proposals").select("deal_id").where("id", "=", id).executeTakeFirst()
  )?.deal_id;
  // Gone: the person was erased. Stripe keeps the payment; nothing here to record it on.
  if (!dealId) return "ignored";
  await lockDeal(trx, dealId);
  const row = await trx
    .selectFrom("deal_proposals")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  if (row.deposit_payment_intent_id === intent) return "ignored-already-paid";
  const now = deps.clock.now();
  const paidCents = session.amount_total ?? 0;
  const recorded = await trx
    .updateTable("deal_proposals")
    .set({
      deposit_paid_at: now.toISOString(),
      deposit_paid_cents: paidCents,
      deposit_payment_intent_id: intent,
      deposit_session_id: session.id,
    })
    .where("id", "=", id)
    .where("deposit_paid_at", "is", null)
    .executeTakeFirst();
  if (Number(recorded.numUpdatedRows) !== 1) {
    await deps.stripe.refunds.create(
      { payment_intent: intent, reason: "duplicate", metadata: { [depositMetadataKey]: id } },
      { idempotencyKey: `deal-deposit-refund-${session.id}` },
    );
    return "second-payment-refunded";
  }
  await recordAdminAction(trx, {
    actor: stripeActor,
    action: "deals.deposit-paid",
    subject: dealId,
    detail: { proposal: id, version: row.version, amountCents: paidCents, session: session.id },
    now,
  });
  const facts = {
    program: row.program,
    version: row.version,
    amount: centsLabel(paidCents),
    paidOn: localDateOf(now.getTime(), deps.config.BOOKING_TIME_ZONE),
    reference: session.id,
  };
  await enqueueEmail(
    trx,
    {
      purpose: "deals.deposit-paid",
      to: deps.config.OWNER_EMAIL,
      from: deps.config.MAIL_FROM,
      ...depositPaidTemplate.compose({
        ...facts,
        link: new URL(`/admin/pipeline/${dealId}`, deps.config.SITE_URL).toString(),
      }),
    },
    { now },
  );
  const to = row.sent_to ?? session.customer_details?.email ?? session.customer_email;
  if (to)
    await enqueueEmail(
      trx,
      {
        purpose: "deals.deposit-receipt",
        to,
        from: deps.config.MAIL_FROM,
        replyTo: deps.config.CONTACT_EMAIL,
        ...depositReceiptTemplate.compose({ ...facts, link: proposalUrl(deps, id) }),
      },
      { now },
    );
  return "deposit-paid";
}

/** The proposal version whose deposit a refunded charge paid, if any. */
export async function depositOfCharge(db: Db, charge: Stripe.Charge) {
  const intent =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return undefined;
  return db
    .selectFrom("deal_proposals")
    .select(["id", "deal_id", "version", "deposit_refunded_cents"])
    .where("deposit_payment_intent_id", "=", intent)
    .executeTakeFirst();
}

/**
 * A refund of the deposit made in Stripe (`charge.refunded`): Stripe's running total is kept, so
 * the same refund heard twice changes nothing; the audit `deals.deposit-refunded` records it.
 */
export async function recordDepositRefund(
  trx: Db,
  deps: Pick<PaymentDeps, "clock">,
  charge: Stripe.Charge,
) {
  const deposit = await depositOfCharge(trx, charge);
  if (!deposit || deposit.deposit_refunded_cents === charge.amount_refunded) return false;
  const now = deps.clock.now();
  await trx
    .updateTable("deal_proposals")
    .set({ deposit_refunded_cents: charge.amount_refunded, deposit_refunded_at: now.toISOString() })
    .where("id", "=", deposit.id)
    .execute();
  await recordAdminAction(trx, {
    actor: stripeActor,
    action: "deals.deposit-refunded",
    subject: deposit.deal_id,
    detail: {
      proposal: deposit.id,
      version: deposit.version,
      refundedCents: charge.amount_refunded,
    },
    now,
  });
  return true;
}

/**
 * An unpaid session that lapsed: the version forgets it, so the next press opens a new one
 * without asking Stripe. A paid deposit, or a later session, is left as it is.
 */
export async function forgetExpiredDepositSession(trx: Db, session: Stripe.Checkout.Session) {
  const id = session.metadata?.[depositMetadataKey];
  if (!id) return false;
  const forgotten = await trx
    .updateTable("deal_proposals")
    .set({ deposit_session_id: null, deposit_session_opened_at: null })
    .where("id", "=", id)
    .where("deposit_session_id", "=", session.id)
    .where("deposit_paid_at", "is", null)
    .executeTakeFirst();
  return Number(forgotten.numUpdatedRows) === 1;
}

/**
 * The page Stripe returns to: whether the session is paid (recorded here once if the webhook has
 * not come yet); the page then shows the deposit as it now stands. Limited per client address
 * like every look-up that costs a Stripe call.
 */
export async function settleDepositReturn(
  deps: PaymentDeps,
  { token, sessionId, clientAddress }: { token: string; sessionId: string; clientAddress: string },
) {
  const id = proposalIdFromToken(deps, token);
  if (!id) return;
  const limited = await checkRateLimits(deps, {
    bucket: "proposal-deposit-return",
    keys: [`ip:${clientAddress}`],
    limit: deps.config.CHECKOUT_RATE_LIMIT,
  });
  if (!limited.allowed) return;
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    logFailure("proposal deposit session not readable", error);
    return;
  }
  if (session.metadata?.[depositMetadataKey] !== id) return;
  await recordDepositNow(deps, session);
}
