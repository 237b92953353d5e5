/** The /signup page's copy. */
export const signupContent = {
  title: "Stay Connected",
  lead: "Insights, practices and news about the book and upcoming programs, in your inbox.",
  form: {
    firstNameLabel: "First name",
    emailLabel: "Email",
    interestsLegend: "I'm interested in (optional)",
    submitLabel: "Subscribe",
    sendingLabel: "Subscribing...",
    privacy: "We respect your privacy. Unsubscribe at any time.",
    /** Replaces the spec's 'needs backend integration' note with what really happens. */
    confirmationNote:
      "We'll email you a link to confirm your address. Nothing more is sent until you confirm.",
  },
  submitted: {
    title: "Welcome to the Journey",
    text: "Thank you for subscribing. We've sent a confirmation link to your inbox: open it to start receiving the newsletter. If it doesn't arrive in a few minutes, check your spam folder.",
    homeLabel: "Return to Home",
  },
  /** A post that came without its form token (a page read without JavaScript): one more press. */
  oneMoreClick: {
    title: "One more click to subscribe",
    text: "Please check your details and press Subscribe: this step keeps automated signups off the list.",
    submitLabel: "Subscribe",
  },
  benefits: {
    title: "What You'll Receive",
    items: [
      "Weekly insights and practices for selling from presence",
      "Early news about the book and exclusive excerpts",
      "First access to training programs and workshops",
      "Free guides and audio practices",
    ],
  },
  book: {
    title: "Get the Book",
    text: "The complete method in one book: the seven practices, with exercises for every sales conversation.",
    label: "Get the Book",
  },
} as const;

/**
 * Copy of the pages behind the newsletter email links: before the visitor presses the button,
 * after, and for a link that is not valid.
 */
export const newsletterLinkContent = {
  confirm: {
    pending: {
      title: "Confirm your subscription",
      text: "One click and you're on the list.",
      button: "Confirm my subscription",
    },
    done: {
      title: "You're subscribed — welcome to the journey",
      text: "Your address is confirmed. A welcome email is on its way. While you wait, the free guides, audio practices and articles are yours:",
      link: { label: "Get the free guides", href: "/all-resources" },
    },
    invalid: {
      title: "This link has expired or is not valid",
      text: "Confirmation links work for 7 days. Sign up again and we'll send you a fresh one.",
      link: { label: "Sign up again", href: "/signup" },
    },
  },
  unsubscribe: {
    pending: {
      title: "Unsubscribe from the newsletter",
      text: "You'll stop receiving the Presence Selling newsletter at this address.",
      button: "Unsubscribe",
    },
    done: {
      title: "You're unsubscribed",
      text: "You won't receive the newsletter any more. You can sign up again at any time.",
      link: { label: "Return to Home", href: "/" },
    },
    invalid: {
      title: "This unsubscribe link is not valid",
      text: "Please use the link from one of our emails, or write to us and we'll remove you.",
      link: { label: "Contact us", href: "/contact" },
    },
  },
} as const;

/** The page a broadcast's unsubscribe link opens: it names the list left and keeps the others. */
export const broadcastUnsubscribeContent = {
  pendingTitle: (list: string) => `Leave ${list}?`,
  pendingText: "You'll stop receiving these emails at this address.",
  button: "Unsubscribe",
  doneTitle: "You're unsubscribed",
  doneText: (list: string) => `You have left: ${list}.`,
  keptIntro: "You're still on:",
  keptNone: "You're on no other list of ours.",
  leaveAll: "Leave every list",
  home: { label: "Return to Home", href: "/" },
} as const;

/** The newsletter archive at /newsletter. */
export const newsletterArchiveContent = {
  eyebrow: "The newsletter",
  title: "Letters on Presence Selling",
  seoTitle: "Newsletter Archive",
  lead: "Past letters to subscribers: insights and practices for selling from presence. Subscribe to receive the next one by email.",
  description:
    "Read past issues of the Presence Selling newsletter: insights and practices for selling from presence.",
  empty: "The first letter is on its way. Subscribe to receive it.",
  subscribe: { label: "Subscribe", href: "/signup" },
  backLink: { label: "All letters", href: "/newsletter" },
} as const;
