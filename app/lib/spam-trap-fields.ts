/** Names of the spam-trap fields the public forms add to their payloads. */
export const spamTrapFields = {
  /** Hidden from people; a bot that fills it is discarded. */
  honeypot: "hp_comment",
  /** When the form was handed out, signed by the server: a form sent faster than a person types is a bot. */
  formToken: "formToken",
} as const;

/**
 * Resolves once a form token this page was served with is old enough for the time trap: a person
 * who presses within the minimum (autofill fills a form in a second) waits out the rest, rather
 * than being dropped as a bot that posts at once (decision 318). The server signed the token
 * before the page's first byte left it, so that moment, plus the minimum, is late enough.
 */
export function formTokenAged(minAgeMs: number): Promise<void> {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  // A little over: the server reads its clock in milliseconds, the browser in fractions of one.
  const readyAt = (navigation?.responseStart ?? 0) + minAgeMs + 50;
  const wait = minAgeMs > 0 ? readyAt - performance.now() : 0;
  return new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : resolve()));
}
