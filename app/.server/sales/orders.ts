import { emitPersonEvent } from "../core/person-events";
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { Trx } from "../core/db/database";
import type { OrderTable } from "./checkout-tables";
import { enqueueEmail } from "../mail";
import { purchaseReceiptEmail } from "./emails/purchase-receipt";
import { saleNotificationEmail } from "./emails/sale-notification";
import { orderBookingUrl } from "../booking";
import { sessionSchedulingEmail } from "./emails/session-scheduling";
import type { ValidCheckoutRequest } from "./checkout-request";
import type { PaymentDeps, ServiceDeps } from "../core/service-deps";
import { issueDownloadLink, revokeDownloadLinks } from "./download-links";
import { orderItemsFromCatalog, parseOrderItems } from "./order-items";
import {
  latestCheckoutSource,
  recordAttribution,
  recordServerEvent,
  sourceOfOpenedOrder,
  visitSourceFromMetadata,
  visitSourceMetadata,
  type VisitSource,
} from "../analytics";
import { rememberPerson } from "../audience";

export const SUCCESS_PATH = "/payment-success";

/** A buyer's new order is credited to the source of their checkout opened this recently. */
const checkoutSourceCarriedMs = 30 * 86_400_000;

/**
 * Records a pending order and opens a Stripe Checkout session for it: one line item per item at
 * the catalog's price, the buyer's email, and the order id in the metadata so the webhook finds it.
 * The order's source (the visit's, or when this tab has none the source of the buyer's checkout
 * opened in the last 30 days, unless `carrySource` is false under Global Privacy Control) is kept
 * with it as its `checkout_start`, which its purchase is credited to.
 */
export async function openCheckoutSession(
  { db, clock, stripe }: Pick<PaymentDeps, "db" | "clock" | "stripe">,
  request: ValidCheckoutRequest,
  visitSource?: VisitSource,
  {
    carrySource = true,
    timeZone,
  }: {
    carrySource?: boolean;
    /** The buyer's browser zone, already checked as an IANA name (their morning for sequences). */
    timeZone?: string;
  } = {},
): Promise<{ orderId: string; sessionId: string; url: string }> {
  const items = orderItemsFromCatalog(request.items);
  const orderId = randomUUID();
  const now = clock.now().toISOString();
  let source = visitSource;
  await db.transaction().execute(async (trx) => {
    const personId = await rememberPerson(trx, {
      email: request.email,
      firstName: request.firstName,
      lastName: request.lastName,
      source: "/buy-now",
      timeZone,
      now: clock.now(),
    });
    await trx
      .insertInto("orders")
      .values({
        id: orderId,
        status: "pending",
        items: JSON.stringify(items),
        amount_total_cents: items.reduce((sum, item) => sum + item.amountCents, 0),
        currency: "usd",
        email: request.email,
        first_name: request.firstName,
        last_name: request.lastName,
        billing_address: request.address ? JSON.stringify(request.address) : null,
        stripe_session_id: null,
        stripe_payment_intent_id: null,
        amount_paid_cents: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        refunded_at: null,
        person_id: personId,
      })
      .execute();
    if (!source && carrySource)
      source = await latestCheckoutSource(
        trx,
        personId,
        new Date(clock.now().getTime() - checkoutSourceCarriedMs),
      );
    await recordAttribution(trx, {
      conversion: "checkout_start",
      subjectId: orderId,
      personId,
      source,
      at: clock.now(),
    });
    await recordServerEvent(trx, {
      name: "checkout_start",
      at: clock.now(),
      path: "/buy-now",
      item: items.map((item) => item.id).join(","),
      amountCents: items.reduce((sum, item) => sum + item.amountCents, 0),
    });
  });
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer_email: request.email,
        client_reference_id: orderId,
        line_items: items.map((item) => ({
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: item.amountCents,
            product_data: { name: item.name },
          },
        })),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { order_id: orderId, ...visitSourceMetadata(source) },
      },
      { idempotencyKey: `order-${orderId}` },
    );
  } catch (error) {
    await db
      .updateTable("orders")
      .set({ status: "failed", updated_at: clock.now().toISOString() })
      .where("id", "=", orderId)
      .execute();
    throw error;
  }
  if (!session.url) throw new Error("Stripe returned a session without a URL");
  await db
    .updateTable("orders")
    .set({ stripe_session_id: session.id, updated_at: clock.now().toISOString() })
    .where("id", "=", orderId)
    .execute();
  return { orderId, sessionId: session.id, url: session.url };
}

async function findOrderForSession(trx: Trx, session: Stripe.Checkout.Session) {
  const orderId = session.metadata?.order_id;
  const query = trx.selectFrom("orders").selectAll();
  const order = orderId
    ? await query.where("id", "=", orderId).executeTakeFirst()
    : await query.where("stripe_session_id", "=", session.id).executeTakeFirst();
  // The session must be the one this order opened (or the order not yet linked to one).
  if (!order || (order.stripe_session_id && order.stripe_session_id !== session.id))
    return undefined;
  return order;
}

function paymentIntentId(session: Stripe.Checkout.Session) {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/**
 * Fulfils a paid Checkout session once: marks the order paid and, in the same transaction, queues
 * the receipt (with a download link for the PDF), the session's scheduling email and the owner's
 * notification. Safe to call again and concurrently (the webhook and the success page both do):
 * only the call that moves the order from pending to paid sends anything.
 */
export async function fulfilPaidSession(
  trx: Trx,
  deps: Omit<ServiceDeps, "db">,
  session: Stripe.Checkout.Session,
): Promise<{ order: OrderTable | undefined; fulfilled: boolean }> {
  const order = await findOrderForSession(trx, session);
  if (!order || session.payment_status !== "paid") return { order, fulfilled: false };
  const { clock, config } = deps;
  const now = clock.now();
  const amountPaidCents = session.amount_total ?? order.amount_total_cents;
  const changed = await trx
    .updateTable("orders")
    .set({
      status: "paid",
      paid_at: now.toISOString(),
      updated_at: now.toISOString(),
      stripe_session_id: session.id,
      stripe_payment_intent_id: paymentIntentId(session),
      amount_paid_cents: amountPaidCents,
    })
    .where("id", "=", order.id)
    // An expired order whose session was paid after all (events out of order) is paid.
    .where("status", "in", ["pending", "failed", "expired"])
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return { order, fulfilled: false };

  const items = parseOrderItems(order.items);
  // A purchase starts or ends email sequences (decision 170), in this transaction.
  if (order.person_id)
    await emitPersonEvent(trx, {
      kind: "order-paid",
      personId: order.person_id,
      productIds: items.map((item) => item.id),
      now,
    });
  const mail = { from: config.MAIL_FROM, replyTo: config.CONTACT_EMAIL };
  const download = items.some((item) => item.id === "pdf")
    ? await issueDownloadLink(trx, deps, order.id)
    : undefined;
  await enqueueEmail(
    trx,
    {
      purpose: "order.receipt",
      to: order.email,
      ...mail,
      ...purchaseReceiptEmail({
        orderReference: session.id,
        items,
        amountPaidCents,
        download,
        successPageUrl: `${config.SITE_URL}${SUCCESS_PATH}?session_id=${session.id}`,
        contactEmail: config.CONTACT_EMAIL,
      }),
    },
    { now },
  );
  if (items.some((item) => item.id === "breakthrough-session")) {
    await enqueueEmail(
      trx,
      {
        purpose: "order.session-scheduling",
        to: order.email,
        ...mail,
        ...sessionSchedulingEmail({
          schedulingUrl: orderBookingUrl(config, order.id),
          contactEmail: config.CONTACT_EMAIL,
        }),
      },
      { now },
    );
  }
  const name = [order.first_name, order.last_name].filter(Boolean).join(" ") || null;
  await enqueueEmail(
    trx,
    {
      purpose: "order.owner-notification",
      to: config.OWNER_EMAIL,
      from: config.MAIL_FROM,
      replyTo: order.email,
      ...saleNotificationEmail({
        orderId: order.id,
        sessionId: session.id,
        buyer: {
          email: order.email,
          name,
          address: order.billing_address ? JSON.parse(order.billing_address) : null,
        },
        items,
        amountPaidCents,
      }),
    },
    { now },
  );
  // The source recorded when the order was opened (whichever tab finishes it); for an order opened
  // before that was kept, the one the session's metadata carried back.
  const opened = await sourceOfOpenedOrder(trx, order.id);
  await recordAttribution(trx, {
    conversion: "order",
    subjectId: order.id,
    personId: order.person_id,
    source: opened ? opened.source : visitSourceFromMetadata(session.metadata),
    amountCents: amountPaidCents,
    at: now,
  });
  await recordServerEvent(trx, {
    name: "purchase",
    at: now,
    path: SUCCESS_PATH,
    item: items.map((item) => item.id).join(","),
    amountCents: amountPaidCents,
  });
  return { order: { ...order, status: "paid" }, fulfilled: true };
}

/**
 * A Checkout session the buyer left unpaid lapsed: its order, still waiting, is closed as
 * `expired`. Only a pending order changes (a paid, refunded or failed one keeps its status, so
 * an expiry delivered after the payment, or twice, changes nothing). A later checkout opens an
 * order of its own.
 */
export async function closeExpiredSession(
  trx: Trx,
  { clock }: Pick<ServiceDeps, "clock">,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  const order = await findOrderForSession(trx, session);
  if (!order || session.payment_status === "paid") return false;
  const closed = await trx
    .updateTable("orders")
    .set({ status: "expired", updated_at: clock.now().toISOString() })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(closed.numUpdatedRows) === 1;
}

/** A full refund ends the order's access to the book. Partial refunds change nothing. */
export async function recordRefund(
  trx: Trx,
  { clock }: Pick<ServiceDeps, "clock">,
  charge: Stripe.Charge,
): Promise<boolean> {
  if (!charge.refunded) return false;
  const intent =
    typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return false;
  const now = clock.now();
  const order = await trx
    .selectFrom("orders")
    .select("id")
    .where("stripe_payment_intent_id", "=", intent)
    .executeTakeFirst();
  if (!order) return false;
  await trx
    .updateTable("orders")
    .set({ status: "refunded", refunded_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", order.id)
    .execute();
  await revokeDownloadLinks(trx, order.id, now);
  return true;
}
