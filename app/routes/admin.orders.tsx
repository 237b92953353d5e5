import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.orders";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { ExportLink } from "~/components/admin/export-link";
import { FilterSelect } from "~/components/admin/filter-select";
import { Pagination } from "~/components/admin/pagination";
import { ResultList } from "~/components/admin/result-list";
import { SalesClosedNotice } from "~/components/admin/sales-closed-notice";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  listOrders,
  ordersPageSize,
  requireAdminAction,
  requireAdminPage,
  salesState,
  sendFreshDownloadLink,
} from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Orders");

const orderStatuses = ["pending", "paid", "refunded", "failed", "expired"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const filter = {
    status: orderStatuses.find((status) => status === query.get("status")),
    page: Math.max(1, Math.floor(Number(query.get("page")) || 1)),
  };
  const [{ orders, total }, sales] = await Promise.all([
    listOrders(context.db, filter),
    salesState(context),
  ]);
  return { filter, orders, total, sales, pageSize: ordersPageSize, search: query.toString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const outcome = await sendFreshDownloadLink(context, {
    orderId: String(formData.get("id") ?? ""),
    actor: session.email,
  });
  if (outcome === "not-eligible") {
    return data({ sent: false, message: "Only a paid book order can get a download link." }, 409);
  }
  return {
    sent: true,
    message: "A fresh download link is on its way; earlier links no longer work.",
  };
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    cents / 100,
  );

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, orders, total, sales, pageSize, search } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Orders</h1>
      {!sales.open && <SalesClosedNotice waitlist={sales.waitlist} />}
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <FilterSelect name="status" label="Status" value={filter.status} options={orderStatuses} />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {actionData && (
        <p
          role="status"
          className="rounded-md border bg-card p-3 text-sm"
          data-testid="order-action-result"
        >
          {actionData.message}
        </p>
      )}
      <ResultList
        items={orders}
        emptyText="No orders match."
        testId="orders-list"
        renderItem={(order) => {
          const name = [order.first_name, order.last_name].filter(Boolean).join(" ");
          return (
            <li
              key={order.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">
                    {money(order.amount_paid_cents ?? order.amount_total_cents, order.currency)}
                  </span>
                  <StatusBadge status={order.status} />
                  {order.awaitingSession && (
                    <Link to="/admin/booking" data-testid="awaiting-session-badge">
                      <Badge variant="destructive">session not booked</Badge>
                    </Link>
                  )}
                </p>
                <p className="text-sm">{order.items.join(", ")}</p>
                <p className="text-sm break-words text-muted-foreground">
                  {order.person_id ? (
                    <Link
                      to={`/admin/people/${order.person_id}`}
                      className="underline underline-offset-4"
                    >
                      {name || order.email}
                    </Link>
                  ) : (
                    name || order.email
                  )}{" "}
                  · <AdminTime iso={order.created_at} />
                </p>
              </div>
              {order.status === "paid" && order.hasBook && (
                <AdminForm>
                  <input type="hidden" name="id" value={order.id} />
                  <Button type="submit" variant="outline" size="sm">
                    Send a fresh download link
                  </Button>
                </AdminForm>
              )}
            </li>
          );
        }}
      />
      <ExportLink kind="orders" search={search} label="Export these orders (CSV)" />
      <Pagination page={filter.page} pageSize={pageSize} total={total} search={search} />
    </div>
  );
}
