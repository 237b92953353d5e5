import { newsletterLinkContent } from "./signup";

/** The waitlist's link pages (the links in its double opt-in email). */
const waitlistLinkContent = {
  confirm: {
    pending: {
      title: "Confirm your place on the list",
      text: "Press the button to confirm that you want one email when the book and the Sales Breakthrough Hour go on sale.",
      button: "Confirm My Email",
    },
    done: {
      title: "You're on the list",
      text: "Thank you. We will email you once, when purchasing opens.",
      link: { label: "Go to the Purchase Page", href: "/buy-now" },
    },
    invalid: {
      title: "This confirmation link is not valid",
      text: "It may have been copied incompletely. Sign up again on the purchase page to get a new link.",
      link: { label: "Go to the Purchase Page", href: "/buy-now" },
    },
    expired: {
      title: "This confirmation link has expired",
      text: "Sign up again on the purchase page and we will send you a new link.",
      link: { label: "Go to the Purchase Page", href: "/buy-now" },
    },
  },
  unsubscribe: {
    pending: {
      title: "Leave the waitlist",
      text: "You won't get the email when purchasing opens.",
      button: "Leave the Waitlist",
    },
    done: {
      title: "You're off the waitlist",
      text: "We won't email you when purchasing opens. You can join again on the purchase page.",
      link: { label: "Go to the Purchase Page", href: "/buy-now" },
    },
    invalid: {
      title: "This link is not valid",
      text: "Please use the link from one of our emails, or write to us and we'll remove you.",
      link: { label: "Contact us", href: "/contact" },
    },
  },
} as const;

/** The words of the pages a list's confirm and unsubscribe links open, by list. */
export const listLinkContent = {
  newsletter: newsletterLinkContent,
  waitlist: waitlistLinkContent,
} as const;
