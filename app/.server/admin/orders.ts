import type { OrderStatus } from "../sales";
import type { Db } from "../core/db/database";
import { inBatches } from "../core/db/in-batches";
import { pageWithTotal } from "../core/db/page-with-total";
import { ordersAwaitingSession } from "../booking";
import { parseOrderItems, replaceDownloadLink } from "../sales";
import type { ServiceDeps } from "../core/service-deps";
import { recordAdminAction } from "../core/audit-log";

export const ordersPageSize = 25;

/** What the orders list shows of an order and the CSV carries, in the CSV's column order. */
export const orderExportColumns = [
  "created_at",
  "status",
  "items",
  "amount_total_cents",
  "amount_paid_cents",
  "currency",
  "email",
  "first_name",
  "last_name",
  "paid_at",
  "refunded_at",
] as const;

/**
 * Orders newest first, with what was bought, one page of them and how many match. A session
 * prepared while the buyer filled the form is not an order until they press (decision 275).
 */
function filteredOrders(db: Db, filter: { status?: OrderStatus }) {
  let query = db.selectFrom("orders").where("status", "!=", "prepared");
  if (filter.status) query = query.where("status", "=", filter.status);
  return query;
}

export async function listOrders(db: Db, filter: { status?: OrderStatus; page: number }) {
  const { rows, total } = await pageWithTotal(
    filteredOrders(db, filter),
    (query) =>
      query
        .select(["id", "person_id", ...orderExportColumns])
        .$narrowType<{ status: OrderStatus }>()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc"),
    { page: filter.page, pageSize: ordersPageSize },
  );
  const awaiting = new Set((await ordersAwaitingSession(db)).map((order) => order.id));
  const orders = rows.map(({ items, ...order }) => {
    const parsed = parseOrderItems(items);
    return {
      ...order,
      items: parsed.map((item) => item.name),
      hasBook: parsed.some((item) => item.id === "pdf"),
      // Paid for the session and not booked it: the owner may want to nudge the buyer.
      awaitingSession: awaiting.has(order.id),
    };
  });
  return { orders, total };
}

/**
 * Whether checkout takes orders (SALES_OPEN; the settings check makes the Stripe keys required
 * with it) and how many confirmed waitlist members would be told when it opens.
 */
export async function salesState({ db, config }: Pick<ServiceDeps, "db" | "config">) {
  const { count } = await db
    .selectFrom("list_memberships")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("list", "=", "waitlist")
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return { open: config.SALES_OPEN, waitlist: Number(count) };
}

/**
 * Sends the buyer of a paid book order a new download link; earlier links stop working. The
 * link, its email and the audit entry commit together.
 */
export async function sendFreshDownloadLink(
  deps: ServiceDeps,
  { orderId, actor }: { orderId: string; actor: string },
): Promise<"sent" | "not-eligible"> {
  const { db, clock } = deps;
  const order = await db
    .selectFrom("orders")
    .select(["id", "email", "items", "status"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.status !== "paid" || order.email === "erased") return "not-eligible";
  if (!parseOrderItems(order.items).some((item) => item.id === "pdf")) return "not-eligible";
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await replaceDownloadLink(trx, deps, order);
    await recordAdminAction(trx, { actor, action: "order.download-link", subject: order.id, now });
  });
  deps.outbox.wake();
  return "sent";
}

/** Every order matching the filter, items as their names, for the CSV export. */
export async function* ordersForExport(db: Db, filter: { status?: OrderStatus }) {
  const rows = inBatches((lastId, size) => {
    let query = filteredOrders(db, filter)
      .select(["id", ...orderExportColumns])
      .orderBy("id")
      .limit(size);
    if (lastId) query = query.where("id", ">", lastId);
    return query.execute();
  });
  for await (const { items, ...order } of rows) {
    yield {
      ...order,
      items: parseOrderItems(items)
        .map((item) => item.name)
        .join("; "),
    };
  }
}
