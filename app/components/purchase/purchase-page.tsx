import { Badge } from "~/components/ui/badge";
import { buyNowContent } from "~/content/buy-now";
import { PurchaseForm, type CheckoutRefusal } from "./purchase-form";
import { WaitlistForm, type WaitlistReply } from "./waitlist-form";

export type PurchasePageProps = {
  salesOpen: boolean;
  siteUrl: string;
  /** The server-signed start time the spam trap checks. */
  formToken: string;
  /** How old the token must be before the time trap lets a post through. */
  formTokenMinAgeMs: number;
  /** The action's answers when a form was posted to the page (without JavaScript). */
  waitlistReply?: WaitlistReply;
  checkoutRefusal?: CheckoutRefusal;
};

/**
 * The /buy-now page's island (decision 077): with sales closed the Coming Soon notice and the
 * waitlist, then the purchase form.
 */
export function PurchasePage({
  salesOpen,
  siteUrl,
  formToken,
  formTokenMinAgeMs,
  waitlistReply,
  checkoutRefusal,
}: PurchasePageProps) {
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
          <WaitlistForm reply={waitlistReply} formToken={formToken} />
        </div>
      )}
      <PurchaseForm
        refusal={checkoutRefusal}
        formToken={formToken}
        formTokenMinAgeMs={formTokenMinAgeMs}
        salesOpen={salesOpen}
        siteUrl={siteUrl}
      />
    </div>
  );
}
