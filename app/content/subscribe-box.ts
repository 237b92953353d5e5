/** What a newsletter box says after a submit (the box sits on several pages; keep this small). */
export const subscribeBoxMessages = {
  subscribed: "Check your inbox: we've sent you a link to confirm your subscription.",
  invalid: "Please enter a valid email address.",
  failed: "We couldn't subscribe you just now. Please try again in a moment.",
} as const;
