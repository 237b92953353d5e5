/** What a newsletter box says after a submit (the box sits on several pages; keep this small). */
export const subscribeBoxMessages = {
  /** Shown before a submit: what subscribing means (stored as the consent wording). */
  note: "We'll email you a link to confirm. Unsubscribe at any time.",
  subscribed: "Check your inbox: we've sent you a link to confirm your subscription.",
  invalid: "Please enter a valid email address.",
  confirm: "One more click: please press Subscribe again.",
  failed: "We couldn't subscribe you just now. Please try again in a moment.",
} as const;
