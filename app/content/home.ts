import { siteConfig } from "~/lib/site";

/** A practice as the home page shows it: a short card; the icon is named, the page draws it. */
export type PracticeCard = {
  icon: "eye" | "sparkles" | "waves" | "heart-handshake";
  title: string;
  description: string;
};

/** A fact about the author; one of them opens a video. */
export type AuthorHighlight = {
  icon: "briefcase" | "trending" | "lotus" | "compass";
  title: string;
  description: string;
  hasVideo?: boolean;
  videoId?: string;
  videoTitle?: string;
};

export const homeHero = {
  eyebrow: "Presence-based selling",
  headline: "The End of Persuasion, The Rise of Presence",
  lead: "Sales was never about pressure. When you stop performing and start paying attention, buyers feel it — and trust follows. This is the method that teaches you how.",
  primaryCta: { label: "Discover the Method", href: "/method" },
  secondaryCta: { label: "Learn More", href: "/book", context: "about the book" },
};

export const homePracticesIntro = {
  title: "Four practices that change every conversation",
  lead: "Drawn from the seven practices of the method: simple to learn, and transformative when lived.",
};

export const homePracticeCards: PracticeCard[] = [
  {
    icon: "eye",
    title: "Witness Consciousness",
    description:
      "Observe your thoughts, urges and scripts without being run by them. The witness sees the sale clearly because it needs nothing from it.",
  },
  {
    icon: "sparkles",
    title: "Authentic Presence",
    description:
      "Show up as yourself instead of a sales persona. Buyers relax when they meet a person rather than a pitch.",
  },
  {
    icon: "waves",
    title: "Non-Reactive Response",
    description:
      "Meet objections, silence and pressure with calm. Responding instead of reacting keeps the conversation open.",
  },
  {
    icon: "heart-handshake",
    title: "Genuine Connection",
    description:
      "Listen for what the customer actually needs. Connection, not persuasion, is what turns a conversation into a relationship.",
  },
];

export const authorQuote = {
  text: "The moment you stop trying to sell is the moment your customer starts to listen. Presence is not a technique — it is what remains when the technique falls away.",
  attribution: siteConfig.author.name,
};

export const climberImage = {
  src: "/images/mountain-climber.svg",
  alt: "A lone climber standing on a summit ridge above a sea of clouds at sunrise",
  width: 1200,
  height: 800,
  caption: "Every summit begins with a single, present step.",
};

export const authorSection = {
  eyebrow: "Meet the author",
  title: "Forty years of business, one lineage of presence",
  lead: "Daniel Ashworth has built and sold companies, rung the closing bell, and spent decades in a non-dual spiritual practice. In the late 1980s he brought the two together in a sales method that has since trained thousands.",
  moreLink: { label: "Read about the author", href: "/about" },
};

export const authorHighlights: AuthorHighlight[] = [
  {
    icon: "briefcase",
    title: "Serial Entrepreneur",
    description: "Founded and led companies through two stock-exchange public offerings.",
    hasVideo: true,
    videoId: siteConfig.videos.nasdaqClosing.id,
    videoTitle: siteConfig.videos.nasdaqClosing.title,
  },
  {
    icon: "trending",
    title: "40+ Years of Experience",
    description: "Four decades of selling, leading sales teams and coaching sales professionals.",
  },
  {
    icon: "lotus",
    title: "Non-Dual Spiritual Lineage",
    description: "A lifelong student and teacher in a non-dual tradition of witness consciousness.",
  },
  {
    icon: "compass",
    title: "Method Created in the Late 1980s",
    description: "A sales training method refined over more than thirty years with real teams.",
  },
];

export const closingCta = {
  title: "Begin where you are",
  lead: "Read the book, or let the practices come to you — one short insight at a time.",
  cards: [
    {
      title: "Get the Book",
      description:
        "The complete method in seven practices, with exercises for your very next call.",
      cta: { label: "Get the Book", href: "/buy-now" },
    },
    {
      title: "Stay Connected",
      description: "Weekly insights, new practices and early news of workshops, in your inbox.",
      cta: { label: "Stay Connected", href: "/signup" },
    },
  ],
};

export const nextPage = {
  label: "Next",
  href: "/method",
  description: "The Seven Practices",
};

/** Everything the home page shows, handed to it as loader data (prerendered, not shipped as code). */
export const homeContent = {
  hero: homeHero,
  practicesIntro: homePracticesIntro,
  practiceCards: homePracticeCards,
  quote: authorQuote,
  climberImage,
  authorSection,
  authorHighlights,
  closingCta,
  nextPage,
};
