/** The waitlist confirmation page's words (the link in the double opt-in email). */
export const waitlistConfirmContent = {
  title: "Confirm your place on the list",
  text: "Press the button to confirm that you want one email when the book and the Sales Breakthrough Hour go on sale.",
  button: "Confirm My Email",
  confirmed: {
    title: "You're on the list",
    text: "Thank you. We will email you once, when purchasing opens.",
  },
  invalid: {
    title: "This confirmation link is not valid",
    text: "It may have been copied incompletely. Sign up again on the purchase page to get a new link.",
  },
  expired: {
    title: "This confirmation link has expired",
    text: "Sign up again on the purchase page and we will send you a new link.",
  },
  backToPurchase: "Go to the Purchase Page",
} as const;
