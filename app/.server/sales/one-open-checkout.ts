import type { Stripe } from "./stripe-client";

/** One thing owed (a deposit, a balance) as its row stood when read. */
export type OwedCheckout = {
  /** The session stored for it when read; null when none is. */
  storedSessionId: string | null;
  /** What a new session asks Stripe for, when one must be opened. */
  sessionParams: () => Stripe.Checkout.SessionCreateParams;
  /** Records a session Stripe says is complete (its notice may be late); true if paid now. */
  recordPaid: (session: Stripe.Checkout.Session) => Promise<boolean>;
  /**
   * Stores the new session only if the stored one is still `storedSessionId` and the thing is
   * still owed (a compare-and-set); true if it did.
   */
  claim: (sessionId: string) => Promise<boolean>;
};

export type OneCheckoutOutcome =
  | { outcome: "opened"; url: string }
  | { outcome: "paid" }
  /** Another press stored its session first; this one's was expired. Read again and retry. */
  | { outcome: "lost" };

/**
 * Opens at most one payable Checkout session per thing owed: the stored session is reused while
 * open, recorded if Stripe says it was paid, otherwise a new one is stored by compare-and-set.
 * Two presses racing (on one instance or two) both create one; the loser expires its own at
 * Stripe before anyone is sent to it, so it can never be paid. Stripe's errors are thrown.
 */
export async function openOneCheckout(
  stripe: Stripe,
  owed: OwedCheckout,
): Promise<OneCheckoutOutcome> {
  if (owed.storedSessionId) {
    const earlier = await stripe.checkout.sessions.retrieve(owed.storedSessionId);
    if (earlier.status === "open" && earlier.url) return { outcome: "opened", url: earlier.url };
    if (earlier.status === "complete" && (await owed.recordPaid(earlier)))
      return { outcome: "paid" };
  }
  const session = await stripe.checkout.sessions.create(owed.sessionParams());
  if (!session.url) throw new Error("Stripe returned a session without a URL");
  if (await owed.claim(session.id)) return { outcome: "opened", url: session.url };
  await stripe.checkout.sessions.expire(session.id);
  return { outcome: "lost" };
}
