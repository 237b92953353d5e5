import { siteConfig } from "~/lib/site";

/** The /contact page's copy. Icons are lucide names mapped in the route. */
export const contactContent = {
  hero: {
    eyebrow: "Speaking · Training · Consulting",
    title: "Let's Connect",
    lead: `Bring presence-based selling to your stage, your team or your own practice. Book a call with ${siteConfig.author.shortName}, or send a message and we'll answer within 48 hours.`,
    scheduleLabel: "Schedule Call",
    messageLabel: "Send Message",
  },
  services: {
    title: "How We Can Work Together",
    cards: [
      {
        icon: "mic",
        title: "Keynote Speaking",
        description:
          "Talks for conferences and sales kick-offs on selling from presence instead of pressure.",
        action: { label: "Learn More", kind: "form" },
      },
      {
        icon: "users",
        title: "Corporate Training",
        description:
          "Workshops and programs for sales teams of 10 or more, built around the seven practices.",
        action: { label: "Learn More", kind: "training" },
      },
      {
        icon: "user",
        title: "Private Consulting",
        description:
          "One-to-one work with leaders and sales professionals who want lasting change.",
        action: { label: "Learn More", kind: "training" },
      },
    ],
  },
  form: {
    title: "Send a Message",
    description:
      "Tell us about your team, your event or your question. Fields marked * are required.",
    submitLabel: "Send Message",
    sendingLabel: "Sending...",
    success: {
      title: "Message sent successfully!",
      description: "Thank you for reaching out. We'll get back to you within 48 hours.",
    },
    failure: {
      title: "Failed to send message",
      /** `{email}` is the site's contact address. */
      description: "Please try again or contact us directly at {email}.",
    },
  },
  directContact: {
    title: "Direct Contact",
    locationLabel: "Location",
    emailLabel: "Email",
    phoneLabel: "Phone",
  },
  events: {
    title: "Upcoming Events",
    emptyTitle: "No upcoming events scheduled",
    emptyText: `New dates are being planned. Want ${siteConfig.author.shortName} to speak at your event or train your team? Ask us.`,
    askLabel: "Ask about a date",
    viewAllLabel: "View All Events",
    pastLabel: "Past",
  },
  closing: {
    title: "Ready to Sell from Presence?",
    text: "A short call is the easiest way to find out whether a keynote, a workshop or private sessions fit what you need.",
    scheduleLabel: "Schedule Call",
  },
} as const;
