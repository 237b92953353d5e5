import { CreditCard, Lock } from "lucide-react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { buyNowContent } from "~/content/buy-now";

const { paymentMethod, cardDetails } = buyNowContent;
const cardFields = ["cardNumber", "expiryDate", "cvv", "zipCode"] as const;

/** Payment method (card only) and the card fields as disabled placeholders: Stripe collects the card. */
export function CardDetails() {
  return (
    <>
      <section aria-labelledby="payment-method-title" className="space-y-4">
        <h2 id="payment-method-title" className="text-2xl font-semibold text-primary">
          {paymentMethod.title}
        </h2>
        <div className="flex items-center gap-3 rounded-lg border-2 border-accent bg-secondary/40 p-4">
          <CreditCard className="size-5 text-accent" aria-hidden="true" />
          <span className="font-medium">{paymentMethod.card}</span>
        </div>
        <p className="text-sm text-muted-foreground" data-testid="card-brands">
          {paymentMethod.brands.join(", ")} · {paymentMethod.fees}
        </p>
      </section>
      <section aria-labelledby="card-details-title" className="space-y-4">
        <h2 id="card-details-title" className="text-2xl font-semibold text-primary">
          {cardDetails.title}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {cardFields.map((field) => (
            <div
              key={field}
              className={field === "cardNumber" ? "space-y-2 sm:col-span-2" : "space-y-2"}
            >
              <Label htmlFor={`card-${field}`}>{cardDetails[field].label}</Label>
              <Input
                id={`card-${field}`}
                placeholder={cardDetails[field].placeholder}
                disabled
                autoComplete="off"
              />
            </div>
          ))}
        </div>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Lock className="size-4" aria-hidden="true" />
          {cardDetails.note}
        </p>
      </section>
    </>
  );
}
