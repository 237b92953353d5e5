import type { Route } from "./+types/buy-now";
import { PurchaseForm } from "~/components/purchase/purchase-form";
import { WaitlistForm } from "~/components/purchase/waitlist-form";
import { Badge } from "~/components/ui/badge";
import { buyNowContent } from "~/content/buy-now";
import { pageSeo } from "~/.server/page-seo";
import { BOOK_PDF_PRICE } from "~/lib/catalog";
import { metaFromLoaderData } from "~/lib/route-meta";
import { bookJsonLd } from "~/lib/seo";
import { useSiteSettings } from "~/lib/use-site-settings";

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

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "waitlist") {
    return { intent: "waitlist" as const, ok: false, message: "Not yet." };
  }
  return { intent: "checkout" as const, message: "Not yet." };
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
