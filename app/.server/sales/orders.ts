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

type OpenedOrder = Pick<OrderTable, "id" | "email" | "first_name" | "last_name" | "items">;

/**
 * What opening an order records, in its transaction: the buyer as a person, and its
 * `checkout_start` with the order's source (the visit's, or when there is none the source of the
 * buyer's checkout opened in the last 30 days, unless `carrySource` is false under Global Privacy
 * Control), which its purchase is credited to. Returns the source.
 */
async function recordOrderOpened(
  trx: Trx,
  now: Date,
  order: OpenedOrder,
  {
    visitSource,
    carrySource,
    timeZone,
  }: { visitSource: VisitSource | undefined; carrySource: boolean; timeZone?: string },
): Promise<{ personId: string; source: VisitSource | undefined }> {
  const personId = await rememberPerson(trx, {
    email: order.email,
    firstName: order.first_name,
    lastName: order.last_name,
    source: "/buy-now",
    timeZone,
    now,
  });
  await trx.updateTable("orders").set({ person_id: personId }).where("id", "=", order.id).execute();
  const source =
    visitSource ??
    (carrySource
      ? await latestCheckoutSource(trx, personId, new Date(now.getTime() - checkoutSourceCarriedMs))
      : undefined);
  const items = parseOrderItems(order.items);
  const amountCents = items.reduce((sum, item) => sum + item.amountCents, 0);
  await recordAttribution(trx, {
    conversion: "checkout_start",
    subjectId: order.id,
    personId,
    source,
    at: now,
  });
  await recordServerEvent(trx, {
    name: "checkout_start",
    at: now,
    path: "/buy-now",
    item: items.map((item) => item.id).join(","),
    amountCents,
  });
  return { personId, source };
}

/**
 * Records an order and opens a Stripe Checkout session for it: one line item per item at the
 * catalog's price, the buyer's email, and the order id in the metadata so the webhook finds it.
 * An order opened at the buyer's press is `pending` and recorded as opened at once. One
 * `prepared` ahead of the press (decision 275) is only the order and its session: no person, no
 * `checkout_start`, hidden from the console, until `openPreparedOrder` (the press) or its payment.
 */
export async function openCheckoutSession(
  { db, clock, stripe }: Pick<PaymentDeps, "db" | "clock" | "stripe">,
  request: ValidCheckoutRequest,
  visitSource?: VisitSource,
  {
    carrySource = true,
    timeZone,
    prepared = false,
  }: {
    carrySource?: boolean;
    /** The buyer's browser zone, already checked as an IANA name (their morning for sequences). */
    timeZone?: string;
    /** Made before the buyer pressed: kept apart until they do (decision 275). */
    prepared?: boolean;
  } = {},
): Promise<{ orderId: string; sessionId: string; url: string }> {
  const items = orderItemsFromCatalog(request.items);
  const orderId = randomUUID();
  const now = clock.now().toISOString();
  let source = visitSource;
  await db.transaction().execute(async (trx) => {
    const order = {
      id: orderId,
      items: JSON.stringify(items),
      email: request.email,
      first_name: request.firstName,
      last_name: request.lastName,
    };
    await trx
      .insertInto("orders")
      .values({
        ...order,
        status: prepared ? "prepared" : "pending",
        amount_total_cents: items.reduce((sum, item) => sum + item.amountCents, 0),
        currency: "usd",
        billing_address: request.address ? JSON.stringify(request.address) : null,
        stripe_session_id: null,
        stripe_payment_intent_id: null,
        amount_paid_cents: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
        refunded_at: null,
        person_id: null,
      })
      .execute();
    if (!prepared)
      ({ source } = await recordOrderOpened(trx, clock.now(), order, {
        visitSource,
        carrySource,
        timeZone,
      }));
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

/**
 * The buyer pressed Complete Purchase on a session prepared for what the form holds (decision
 * 275): its order becomes `pending` and is recorded as opened, once (a repeat changes nothing).
 * Returns the buyer's person id, or null when there was nothing to open.
 */
export async function openPreparedOrder(
  trx: Trx,
  { clock }: Pick<ServiceDeps, "clock">,
  sessionId: string,
  opening: { visitSource: VisitSource | undefined; carrySource: boolean; timeZone?: string },
): Promise<string | null> {
  const order = await trx
    .updateTable("orders")
    .set({ status: "pending", updated_at: clock.now().toISOString() })
    .where("stripe_session_id", "=", sessionId)
    .where("status", "=", "prepared")
    .returning(["id", "email", "first_name", "last_name", "items"])
    .executeTakeFirst();
  if (!order) return null;
  return (await recordOrderOpened(trx, clock.now(), order, opening)).personId;
}

/**
 * A prepared session the form no longer matches is expired at Stripe, so the old selection can
 * never be paid, and its order, which nobody pressed for, is deleted with the buyer's details. A
 * session already pressed for (its order `pending` or further) is left alone.
 */
export async function expirePreparedSession(
  { db, stripe }: Pick<PaymentDeps, "db" | "stripe">,
  sessionId: string,
): Promise<boolean> {
  const order = await db
    .selectFrom("orders")
    .select("id")
    .where("stripe_session_id", "=", sessionId)
    .where("status", "=", "prepared")
    .executeTakeFirst();
  if (!order) return false;
  await stripe.checkout.sessions.expire(sessionId);
  await deleteUnpressedOrder(db, order.id);
  return true;
}

/** Details typed into a form nobody submitted are not kept once its session can no longer be paid. */
async function deleteUnpressedOrder(db: Pick<Trx, "deleteFrom">, orderId: string) {
  await db
    .deleteFrom("orders")
    .where("id", "=", orderId)
    .where("status", "=", "prepared")
    .execute();
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
  // Paid on a prepared session whose press never reached us: opened now, credited as Stripe carried.
  const personId =
    order.status === "prepared"
      ? await openPreparedOrder(trx, deps, session.id, {
          visitSource: visitSourceFromMetadata(session.metadata),
          carrySource: false,
        })
      : order.person_id;
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
    .where("status", "in", ["prepared", "pending", "failed", "expired"])
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) === 0) return { order, fulfilled: false };

  const items = parseOrderItems(order.items);
  // A purchase starts or ends email sequences (decision 170), in this transaction.
  if (personId)
    await emitPersonEvent(trx, {
      kind: "order-paid",
      personId,
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
    personId,
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
 * `expired`; one prepared and never pressed for is deleted (decision 275). Otherwise only a
 * pending order changes (a paid, refunded or failed one keeps its status, so
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
  if (order.status === "prepared") {
    await deleteUnpressedOrder(trx, order.id);
    return true;
  }
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
