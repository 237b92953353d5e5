/**
 * What the orders page says while checkout is closed (SALES_OPEN is off): why no orders come in,
 * what visitors see instead, and what opens sales.
 */
export function SalesClosedNotice({ waitlist }: { waitlist: number }) {
  return (
    <section
      aria-labelledby="sales-closed"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="sales-closed"
    >
      <h2 id="sales-closed" className="text-base font-semibold">
        Sales are closed
      </h2>
      <p>
        The site takes no orders: the{" "}
        <a href="/buy-now" className="underline underline-offset-4">
          buy page
        </a>{" "}
        says the book is coming soon, its order button is disabled, and visitors can join the
        waitlist instead ({waitlist} confirmed on it now).
      </p>
      <p>
        To open sales, set <code>SALES_OPEN=true</code> with <code>STRIPE_SECRET_KEY</code> and{" "}
        <code>STRIPE_WEBHOOK_SECRET</code> in the server&apos;s settings, point a Stripe webhook at{" "}
        <code>/functions/v1/stripe-webhook</code>, and restart the server. At that start each
        confirmed waitlist address gets one email saying the book is available.
      </p>
    </section>
  );
}
