import { redirect } from "react-router";
import type { Route } from "./+types/buy-now";
import { PurchaseForm } from "~/components/purchase/purchase-form";
import { WaitlistForm } from "~/components/purchase/waitlist-form";
import { Badge } from "~/components/ui/badge";
import { buyNowContent } from "~/content/buy-now";
import { pageSeo } from "~/.server/page-seo";
import { checkCheckoutRateLimit } from "~/.server/payments/checkout-rate-limit";
import { parseCheckoutRequest } from "~/.server/payments/checkout-request";
import { openCheckoutSession } from "~/.server/services/orders";
import { joinWaitlist } from "~/.server/services/waitlist";
import { BOOK_PDF_PRICE, BOOK_PRODUCT_ID } from "~/lib/catalog";
import { purchaseMessages } from "~/lib/purchase-rules";
import { metaFromLoaderData } from "~/lib/route-meta";
import { bookJsonLd } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";
import { readPageForm } from "~/.server/http/request-body";

export function loader({ context }: Route.LoaderArgs) {
  const salesOpen = context.config.SALES_OPEN;
  return {
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
 * validation and service as the create-checkout-session function, then a redirect to Stripe).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPageForm(request);
  if (form.get("intent") === "waitlist") {
    const joined = await joinWaitlist(context, String(form.get("email") ?? ""));
    if (!joined.ok) return { intent: "waitlist" as const, ok: false, message: joined.error };
    context.outbox.wake();
    return { intent: "waitlist" as const, ok: true, message: buyNowContent.waitlist.sent };
  }
  const { config, stripe } = context;
  if (!config.SALES_OPEN || !stripe) {
    return { intent: "checkout" as const, message: buyNowContent.comingSoon.text };
  }
  const text = (name: string) => String(form.get(name) ?? "").trim() || undefined;
  const formats = form.getAll("formats").map(String);
  const parsed = parseCheckoutRequest(
    {
      productId: BOOK_PRODUCT_ID,
      formats,
      successUrl: `${config.SITE_URL}/payment-success`,
      cancelUrl: `${config.SITE_URL}/buy-now`,
      email: text("email"),
      firstName: text("firstName"),
      lastName: text("lastName"),
    },
    config.SITE_URL,
  );
  if (!parsed.ok) return { intent: "checkout" as const, message: parsed.error };
  if (!(await checkCheckoutRateLimit(context)).allowed) {
    return { intent: "checkout" as const, message: purchaseMessages.paymentError.description };
  }
  try {
    const { url } = await openCheckoutSession({ ...context, stripe }, parsed.value);
    return redirect(url);
  } catch {
    return { intent: "checkout" as const, message: purchaseMessages.paymentError.description };
  }
}

export const meta = metaFromLoaderData;

export default function BuyNow({ actionData }: Route.ComponentProps) {
  const { salesOpen } = useSiteSettings();
  const waitlistReply = actionData?.intent === "waitlist" ? actionData : undefined;
  const checkoutError = actionData?.intent === "checkout" ? actionData.message : undefined;
  return (
    <div className="container-page py-12 sm:py-16">
      <header className="mb-10 max-w-3xl">
        {!salesOpen && (
          <Badge variant="secondary" className="mb-3" data-testid="coming-soon-badge">
            {buyNowContent.comingSoon.badge}
          </Badge>
        )}
        <h1 className="text-4xl font-semibold text-primary sm:text-5xl">{buyNowContent.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{buyNowContent.lead}</p>
      </header>
      {!salesOpen && (
        <div className="mb-10 grid gap-6 lg:grid-cols-2" data-testid="coming-soon">
          <div>
            <h2 className="text-2xl font-semibold text-primary">
              {buyNowContent.comingSoon.title}
            </h2>
            <p className="mt-2 text-muted-foreground">{buyNowContent.comingSoon.text}</p>
          </div>
          <WaitlistForm reply={waitlistReply} />
        </div>
      )}
      <PurchaseForm serverError={checkoutError} />
    </div>
  );
}
