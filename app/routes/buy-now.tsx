import { data, redirect } from "react-router";
import type { Route } from "./+types/buy-now";
import { FormIsland } from "~/components/layout/form-island";
import { PurchasePage } from "~/components/purchase/purchase-page";
import { checkoutDraftFields, type CheckoutRefusal } from "~/components/purchase/purchase-form";
import type { WaitlistReply } from "~/components/purchase/waitlist-form";
import { buyNowContent } from "~/content/buy-now";
import { readFormBody } from "~/.server/http/request-body";
import { pageSeo } from "~/.server/content/page-seo";
import { startCheckout } from "~/.server/sales";
import { issueFormToken } from "~/.server/core/spam-traps";
import { joinWaitlist } from "~/.server/audience";
import { BOOK_PDF_PRICE, BOOK_PRODUCT_ID, isPurchasableItemId } from "~/lib/catalog";
import { isValidPurchaseEmail, purchaseMessages } from "~/lib/purchase-rules";
import { metaFromLoaderData } from "~/lib/route-meta";
import { bookJsonLd } from "~/lib/seo";
import { spamTrapFields } from "~/lib/spam-trap-fields";
import { useSiteSettings } from "~/lib/use-site-settings";
import type { RouteHandle } from "~/root";

export function loader({ context }: Route.LoaderArgs) {
  const salesOpen = context.config.SALES_OPEN;
  return {
    formToken: issueFormToken(context),
    formTokenMinAgeMs: context.config.CONTACT_MIN_FILL_SECONDS * 1000,
    meta: pageSeo((siteUrl) => ({
      title: "Complete Your Purchase",
      description:
        "Buy the No-Self Selling book as a PDF and book the Sales Breakthrough Hour, a recorded one-to-one video session. Card payment, no additional fees, 30-day money-back guarantee.",
      path: "/buy-now",
      keywords: ["buy sales book", "sales coaching session", "No-Self Selling PDF"],
      type: "product",
      jsonLd: [
        bookJsonLd(siteUrl, {
          price: BOOK_PDF_PRICE,
          path: "/buy-now",
          availability: salesOpen ? "InStock" : "PreOrder",
        }),
      ],
    })),
  };
}

/**
 * The page's form posts: the waitlist signup, and checkout when JavaScript is off (the same
 * service as the create-checkout-session function, then a redirect to Stripe).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const traps = {
    honeypot: form.get(spamTrapFields.honeypot),
    formToken: form.get(spamTrapFields.formToken),
  };
  const { clientAddress, config } = context;
  if (form.get("intent") === "waitlist") {
    const joined = await joinWaitlist(context, {
      fields: {
        email: form.get("email"),
        attribution: form.get("attribution"),
        timeZone: form.get("timeZone"),
      },
      traps,
      clientAddress,
    });
    const reply = (ok: boolean, message: string) =>
      ({ intent: "waitlist" as const, ok, message }) satisfies WaitlistReply;
    if (joined.outcome === "invalid") return data(reply(false, joined.error), 400);
    if (joined.outcome === "rate-limited") {
      return data(reply(false, buyNowContent.waitlist.tooMany), {
        status: 429,
        headers: { "Retry-After": String(joined.retryAfterSeconds) },
      });
    }
    return reply(true, buyNowContent.waitlist.sent);
  }
  const text = (name: string) => form.get(name)?.trim() || undefined;
  const started = await startCheckout(context, {
    fields: {
      productId: BOOK_PRODUCT_ID,
      formats: form.getAll("formats"),
      successUrl: `${config.SITE_URL}/payment-success`,
      cancelUrl: `${config.SITE_URL}/buy-now`,
      email: text("email"),
      firstName: text("firstName"),
      lastName: text("lastName"),
      attribution: form.get("attribution"),
    },
    traps,
    clientAddress,
  });
  // The page comes back as the buyer left it, the field to fix first focused (decision 318).
  const formats = form.getAll("formats").filter(isPurchasableItemId);
  const fields = Object.fromEntries(
    checkoutDraftFields.map((name) => [name, (form.get(name) ?? "").slice(0, 254)]),
  );
  const refusal = (message: string, status: number) => {
    const invalid =
      started.outcome !== "invalid"
        ? undefined
        : formats.length === 0
          ? ("formats" as const)
          : !isValidPurchaseEmail(fields.email ?? "")
            ? ("email" as const)
            : undefined;
    const refused: CheckoutRefusal = { message, formats, fields, invalid };
    return data({ intent: "checkout" as const, refusal: refused }, status);
  };
  switch (started.outcome) {
    case "opened":
      return redirect(started.url);
    case "closed":
      return refusal(buyNowContent.comingSoon.text, 503);
    case "invalid":
      return refusal(started.error, 400);
    case "rate-limited":
      return refusal(purchaseMessages.paymentError.description, 429);
    case "discarded":
    case "provider-failed":
      return refusal(purchaseMessages.paymentError.description, 502);
  }
}

export const meta = metaFromLoaderData;

// A form page: its forms are an island of their own, so they answer in place (decision 077).
export const handle: RouteHandle = { island: "buy-now" };

/** A refused post's Retry-After reaches the page's response too. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function BuyNow({ loaderData, actionData }: Route.ComponentProps) {
  const { salesOpen, siteUrl } = useSiteSettings();
  return (
    <FormIsland
      name="buy-now"
      component={PurchasePage}
      props={{
        salesOpen,
        siteUrl,
        formToken: loaderData.formToken,
        formTokenMinAgeMs: loaderData.formTokenMinAgeMs,
        waitlistReply: actionData?.intent === "waitlist" ? actionData : undefined,
        checkoutRefusal: actionData?.intent === "checkout" ? actionData.refusal : undefined,
      }}
    />
  );
}
