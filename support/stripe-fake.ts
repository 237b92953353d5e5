/**
 * A local HTTP fake of the Stripe endpoints the site uses: create, retrieve and expire a Checkout
 * session, and refund a payment.
 * The real `stripe` SDK talks to it through STRIPE_API_BASE, so tests exercise the SDK's own
 * encoding and parsing. Tests mark sessions paid with `completeSession` and read what the site sent
 * from `requests` and `sessions`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type FormValue = string | FormValue[] | { [key: string]: FormValue };
type FormObject = { [key: string]: FormValue };

export type FakeLineItem = {
  id: string;
  object: "item";
  description: string;
  quantity: number;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  price: { object: "price"; unit_amount: number; currency: string; product_data_name: string };
};

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  line_items: { object: "list"; data: FakeLineItem[]; has_more: false; url: string };
};

export type RecordedRequest = { method: string; path: string; body: FormObject };

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
};

export type StripeFake = {
  /** `http://127.0.0.1:<port>`: the value for STRIPE_API_BASE. */
  url: string;
  sessions: Map<string, FakeCheckoutSession>;
  requests: RecordedRequest[];
  /** Refunds made, by id (an idempotent retry returns the same one). */
  refunds: Map<string, FakeRefund>;
  /** The session as Stripe has it once the buyer paid. */
  completeSession(id: string): FakeCheckoutSession;
  /** The session as Stripe has it once it lapsed unpaid (`checkout.session.expired`). */
  expireSession(id: string): FakeCheckoutSession;
  /** The next API request (or `times` of them) answers with this status and a Stripe-shaped error. */
  failNextRequest(status?: number, times?: number): void;
  /** The next `count` session creations are answered together, once all have arrived (a race). */
  holdSessionCreates(count: number): void;
  close(): Promise<void>;
};

/** Sets `target[a][b][0]` from the key `a[b][0]`, as Stripe's form encoding nests values. */
function assignNested(target: FormObject, key: string, value: string) {
  const parts = key.replace(/\]/g, "").split("[");
  let cursor: FormObject = target;
  parts.forEach((part, index) => {
    if (index === parts.length - 1) {
      cursor[part] = value;
      return;
    }
    cursor[part] ??= {};
    cursor = cursor[part] as FormObject;
  });
}

function parseForm(text: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) assignNested(result, key, value);
  return result;
}

/** Stripe encodes arrays as objects keyed 0, 1, ...: read them back in order. */
function listOf(value: FormValue | undefined): FormObject[] {
  if (!value || typeof value === "string") return [];
  return Object.keys(value)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => (value as FormObject)[key] as FormObject);
}

function text(value: FormValue | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json", "request-id": "req_fake" });
  response.end(JSON.stringify(body));
}

function stripeError(response: ServerResponse, status: number, message: string, param?: string) {
  send(response, status, {
    error: { type: "invalid_request_error", message, ...(param ? { param } : {}) },
  });
}

function expireSessionNow(session: FakeCheckoutSession) {
  session.status = "expired";
  session.url = null;
}

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: RecordedRequest[] = [];
  const refunds = new Map<string, FakeRefund>();
  const refundsByKey = new Map<string, FakeRefund>();
  let failStatus: number | undefined;
  let failuresLeft = 0;
  let heldCreates = 0;
  const waitingCreates: (() => void)[] = [];
  let baseUrl = "";

  function createSession(body: FormObject, response: ServerResponse) {
    const lineItems = listOf(body.line_items);
    if (lineItems.length === 0)
      return stripeError(response, 400, "Missing line_items", "line_items");
    const successUrl = text(body.success_url);
    if (!successUrl) return stripeError(response, 400, "Missing success_url", "success_url");
    const items: FakeLineItem[] = [];
    for (const [index, lineItem] of lineItems.entries()) {
      const priceData = lineItem.price_data as FormObject | undefined;
      const productData = priceData?.product_data as FormObject | undefined;
      const unitAmount = Number(text(priceData?.unit_amount));
      const quantity = Number(text(lineItem.quantity) ?? "1");
      const name = text(productData?.name);
      if (!priceData || !Number.isInteger(unitAmount) || unitAmount < 0 || !name) {
        return stripeError(response, 400, "Invalid price_data", `line_items[${index}][price_data]`);
      }
      const currency = text(priceData.currency) ?? "usd";
      items.push({
        id: randomId("li"),
        object: "item",
        description: name,
        quantity,
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        currency,
        price: { object: "price", unit_amount: unitAmount, currency, product_data_name: name },
      });
    }
    const id = randomId("cs_test");
    const total = items.reduce((sum, item) => sum + item.amount_total, 0);
    const now = Math.floor(Date.now() / 1000);
    const email = text(body.customer_email) ?? null;
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      url: `${baseUrl}/c/pay/${id}`,
      mode: text(body.mode) ?? "payment",
      status: "open",
      payment_status: "unpaid",
      amount_subtotal: total,
      amount_total: total,
      currency: items[0]!.currency,
      customer_email: email,
      customer_details: null,
      client_reference_id: text(body.client_reference_id) ?? null,
      success_url: successUrl,
      cancel_url: text(body.cancel_url) ?? null,
      metadata: Object.fromEntries(
        Object.entries((body.metadata as FormObject | undefined) ?? {}).map(([key, value]) => [
          key,
          String(value),
        ]),
      ),
      payment_intent: null,
      created: now,
      expires_at: Number(text(body.expires_at) ?? now + 24 * 60 * 60),
      livemode: false,
      line_items: {
        object: "list",
        data: items,
        has_more: false,
        url: `/v1/checkout/sessions/${id}/line_items`,
      },
    };
    sessions.set(id, session);
    send(response, 200, withoutLineItems(session));
  }

  // Like Stripe, line_items come back only when asked for with expand[]=line_items.
  function withoutLineItems(session: FakeCheckoutSession, expand: string[] = []) {
    if (expand.includes("line_items")) return session;
    const { line_items: _omitted, ...rest } = session;
    return rest;
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", baseUrl);
    const raw = await readBody(request);
    const body = parseForm(request.method === "GET" ? url.search.slice(1) : raw);
    if (url.pathname.startsWith("/v1/")) {
      requests.push({ method: request.method ?? "GET", path: url.pathname, body });
      if (!/^Bearer sk_/.test(request.headers.authorization ?? "")) {
        return send(response, 401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        });
      }
      if (failStatus && failuresLeft > 0) {
        const status = failStatus;
        failuresLeft -= 1;
        return send(response, status, { error: { type: "api_error", message: "Fake failure" } });
      }
    }
    if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (heldCreates === 0) return createSession(body, response);
      waitingCreates.push(() => createSession(body, response));
      if (waitingCreates.length < heldCreates) return;
      heldCreates = 0;
      for (const answer of waitingCreates.splice(0)) answer();
      return;
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const key = String(request.headers["idempotency-key"] ?? "");
      const again = key ? refundsByKey.get(key) : undefined;
      if (again) return send(response, 200, again);
      const intent = text(body.payment_intent);
      const paid = [...sessions.values()].find((session) => session.payment_intent === intent);
      if (!intent || !paid) {
        return stripeError(response, 400, `No such payment_intent: '${intent}'`, "payment_intent");
      }
      const refund: FakeRefund = {
        id: randomId("re"),
        object: "refund",
        amount: Number(text(body.amount) ?? paid.amount_total),
        currency: paid.currency,
        payment_intent: intent,
        status: "succeeded",
        metadata: Object.fromEntries(
          Object.entries((body.metadata as FormObject | undefined) ?? {}).map(([k, v]) => [
            k,
            String(v),
          ]),
        ),
      };
      refunds.set(refund.id, refund);
      if (key) refundsByKey.set(key, refund);
      return send(response, 200, refund);
    }
    const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (request.method === "POST" && expire) {
      const session = sessions.get(decodeURIComponent(expire[1]!));
      if (!session) {
        return stripeError(response, 404, `No such checkout.session: '${expire[1]}'`, "session");
      }
      // As Stripe: only an open session can be expired.
      if (session.status !== "open") {
        return stripeError(response, 400, `This Checkout Session is ${session.status}.`);
      }
      expireSessionNow(session);
      return send(response, 200, withoutLineItems(session));
    }
    const retrieve = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (request.method === "GET" && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      if (!session) {
        return stripeError(response, 404, `No such checkout.session: '${retrieve[1]}'`, "session");
      }
      const expand = Object.values((body.expand as FormObject | undefined) ?? {}).map(String);
      return send(response, 200, withoutLineItems(session, expand));
    }
    const pay = url.pathname.match(/^\/c\/pay\/([^/]+)$/);
    if (request.method === "GET" && pay && sessions.has(pay[1]!)) {
      const session = sessions.get(pay[1]!)!;
      // An expired session's page can no longer take a payment, as Stripe's says.
      response.writeHead(session.status === "expired" ? 410 : 200, {
        "content-type": "text/html; charset=utf-8",
      });
      if (session.status === "expired")
        return response.end(
          `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><main><h1>This checkout session has expired</h1></main></html>`,
        );
      return response.end(
        `<!doctype html><html lang="en"><link rel="icon" href="data:,"><title>Fake Stripe Checkout</title><main><h1>Fake Stripe Checkout</h1><p data-testid="fake-total">${session.amount_total}</p></main></html>`,
      );
    }
    stripeError(response, 404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    sessions,
    requests,
    refunds,
    expireSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No fake session ${id}`);
      expireSessionNow(session);
      return { ...session };
    },
    completeSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`No fake session ${id}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= randomId("pi");
      session.customer_details = { email: session.customer_email };
      return session;
    },
    failNextRequest(status = 500, times = 1) {
      failStatus = status;
      failuresLeft = times;
    },
    holdSessionCreates(count) {
      heldCreates = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
