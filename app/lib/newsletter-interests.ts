/** The /signup interests (spec): stored as these keys. */
export const newsletterInterests = [
  { key: "book", label: "Book updates and exclusive content" },
  { key: "training", label: "Training programs and workshops" },
  { key: "insights", label: "Weekly insights and practices" },
] as const;
export type NewsletterInterest = (typeof newsletterInterests)[number]["key"];

/** What the visitor agrees to by subscribing; stored word for word with the time. */
export const newsletterConsentText =
  "I want to receive the Presence Selling newsletter by email. We respect your privacy. Unsubscribe at any time.";
