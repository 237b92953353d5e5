import { siteConfig } from "~/lib/site";
import { authorTimeline } from "./timeline";

/** The spec's delay before /contact scrolls to its form when reached from the about page. */
export const ABOUT_SCROLL_TO_FORM_MS = 100;

/** Everything /about shows. */
export const aboutPage = {
  hero: {
    eyebrow: "About the author",
    title: siteConfig.author.name,
    lead: "Serial entrepreneur, author and sales trainer. For more than 40 years Daniel has lived in two worlds — the boardroom and the meditation cushion — and found that each holds the key to the other.",
    facts: [
      "40+ years in business",
      "Two stock-exchange offerings",
      "Non-dual spiritual lineage",
      "Method created in the late 1980s",
    ],
    speakingCta: { label: "Speaking Inquiries", href: "/contact#contact-form" },
  },
  timeline: {
    title: "A life in two worlds",
    lead: "From a commission-only sales job to the NASDAQ closing bell to teaching presence.",
    entries: authorTimeline,
    videoTrigger: "Watch NASDAQ Closing",
  },
  spiritualFoundation: {
    title: "Spiritual foundation",
    lead: "The method did not come from a sales seminar. It grew out of decades of practice in a non-dual tradition that asks one simple question: who is aware?",
    items: [
      "More than three decades of daily meditation and self-inquiry",
      "Long-time student and teacher in a non-dual lineage of witness consciousness",
      "Silent retreats as a regular part of the working year",
      "A practice of bringing awareness into ordinary work, not away from it",
      "A conviction that business is one of the best places to practise presence",
    ],
  },
  personalLife: {
    title: "Beyond work",
    body: `Daniel lives in ${siteConfig.location.label}, where most mornings begin in meditation and many afternoons end on a mountain trail. He is a devoted husband, father and grandfather, an enthusiastic if unhurried hiker, and a lifelong reader of philosophy and poetry. Friends say he listens the way he teaches: completely.`,
  },
  fullStory: {
    title: "The whole story",
    lead: "How a young salesman who hated the pitch became an entrepreneur, a meditator and the author of a new way to sell.",
    cta: { label: "Read Full Story", href: "/full-story" },
  },
  speaking: {
    title: "Bring Daniel to your event or team",
    lead: "Keynotes on presence-based selling for conferences and sales kick-offs, and private consulting for leaders who want to sell, lead and live with less pressure and more presence.",
    bookSpeaking: { label: "Book Speaking", href: "/contact#contact-form" },
    consultation: {
      label: "Personal Consultation",
      href: `/contact?interest=${encodeURIComponent("Private Consulting")}`,
    },
  },
};
