import { data } from "react-router";
import type { Route } from "./+types/payment-success";
import { FormIsland } from "~/components/layout/form-island";
import {
  PaymentSuccessPage,
  type Receipt,
  type SuccessView,
} from "~/components/payment-success/payment-success-page";
import { pageSeo } from "~/.server/content/page-seo";
import { readFormBody } from "~/.server/http/request-body";
import { orderBookingUrl } from "~/.server/booking";
import { includesItem, lookUpCheckoutResult, reissueDownloadLink } from "~/.server/sales";
import { issueFormToken } from "~/.server/core/spam-traps";
import { isPurchasableItemId, purchasableItems } from "~/lib/catalog";
import { purchaseMessages } from "~/lib/purchase-rules";
import { metaFromLoaderData } from "~/lib/route-meta";
import { spamTrapFields } from "~/lib/spam-trap-fields";
import type { RouteHandle } from "~/root";

/** The spec's page: the order built from the query alone (amount 295 for the session, else 19.99). */
function viewFromQuery(sessionId: string | null, format: string): Receipt {
  const isSession = format === "breakthrough-session";
  return {
    kind: "receipt",
    verified: false,
    sessionId,
    summary: sessionId
      ? {
          id: sessionId,
          format: isPurchasableItemId(format) ? purchasableItems[format].name : format,
          amountCents: isSession
            ? purchasableItems["breakthrough-session"].amountCents
            : purchasableItems.pdf.amountCents,
        }
      : null,
    showScheduling: isSession,
    bookingHref: null,
    showDownload: !isSession,
    downloadHref: null,
    formToken: null,
  };
}

function sessionIdFrom(url: URL) {
  return url.searchParams.get("session_id") || url.searchParams.get("sessionId") || null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const sessionId = sessionIdFrom(url);
  const format = url.searchParams.get("format") || "pdf";
  const meta = pageSeo({
    title: "Payment Successful",
    description: "Your order confirmation: receipt, download and scheduling details.",
    path: "/payment-success",
    noindex: true,
  });
  const { stripe } = context;
  if (!stripe || !sessionId) return { meta, view: viewFromQuery(sessionId, format) as SuccessView };

  const result = await lookUpCheckoutResult(
    { ...context, stripe },
    { sessionId, clientAddress: context.clientAddress },
  );
  if (result.state !== "paid") return { meta, view: { kind: result.state } as SuccessView };
  const view: Receipt = {
    kind: "receipt",
    verified: true,
    sessionId: result.sessionId,
    summary: {
      id: result.sessionId,
      format: result.items.map((item) => item.name).join(" + "),
      amountCents: result.amountPaidCents,
    },
    showScheduling: includesItem(result.items, "breakthrough-session"),
    bookingHref: includesItem(result.items, "breakthrough-session")
      ? orderBookingUrl(context.config, result.orderId)
      : null,
    showDownload: includesItem(result.items, "pdf"),
    downloadHref: result.downloadToken ? `/downloads/book/${result.downloadToken}` : null,
    formToken: issueFormToken(context),
  };
  return { meta, view: view as SuccessView };
}

/** 'Send me a fresh link': the same answer whether or not the email matches a paid order. */
export async function action({ request, context }: Route.ActionArgs) {
  const sessionId = sessionIdFrom(new URL(request.url));
  const form = await readFormBody(request);
  if (context.stripe && sessionId) {
    const outcome = await reissueDownloadLink(context, {
      sessionId,
      fields: { email: form.get("email") },
      traps: {
        honeypot: form.get(spamTrapFields.honeypot),
        formToken: form.get(spamTrapFields.formToken),
      },
      clientAddress: context.clientAddress,
    });
    if (outcome === "invalid-email") {
      return data({ sent: false, error: purchaseMessages.invalidEmail }, { status: 400 });
    }
  }
  return { sent: true, error: undefined };
}

export const meta = metaFromLoaderData;

// A form page: its page is an island of its own, so its buttons and form answer in place
// (decision 077).
export const handle: RouteHandle = { island: "payment-success" };

export default function PaymentSuccess({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <FormIsland
      name="payment-success"
      component={PaymentSuccessPage}
      props={{ view: loaderData.view, reply: actionData }}
    />
  );
}
