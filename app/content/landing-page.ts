import {
  LANDING_PAGE_LIST_PRICE,
  LANDING_PAGE_PRICE,
  LANDING_PAGE_SAVINGS,
  MONEY_BACK_GUARANTEE_DAYS,
  formatPrice,
} from "~/lib/catalog";
import { siteConfig } from "~/lib/site";
import { bookCover } from "./book-page";
import { landingTestimonials } from "./testimonials";

/** The claims the landing page makes, stated once. */
const LANDING_RATING = 4.9;
const LANDING_REVIEW_COUNT = 127;

/** Something the final offer includes; the icon is named, the page draws it. */
export type OfferInclusion = {
  icon: "download" | "devices" | "guarantee" | "gift";
  text: string;
};

/** A figure on the landing page's stat cards. */
export type LandingStat = { value: string; label: string };

const buyNow = "/buy-now";

/** Everything /landingpage shows; every call to action goes to /buy-now. */
export const landingPage = {
  hero: {
    eyebrow: `The new book by ${siteConfig.author.name}`,
    headline: "Stop Selling. Start Connecting.",
    lead: `${siteConfig.product.name} shows you how to replace pressure, scripts and persuasion with presence — the quiet confidence that makes buyers trust you and close with you.`,
    rating: {
      value: LANDING_RATING,
      label: `${LANDING_RATING}/5`,
      reviews: `from ${LANDING_REVIEW_COUNT} reviews`,
    },
    cover: bookCover,
    cta: { label: "Get Instant Access", href: buyNow },
  },
  benefits: [
    "Walk into every sales conversation calm and fully present",
    "Turn objections into openings for honest dialogue",
    "Close more deals without pressure tactics or scripts",
    "End call reluctance, rejection fatigue and burnout",
    "Build relationships that bring repeat business and referrals",
  ],
  offer: {
    badge: "Limited Time Offer",
    price: formatPrice(LANDING_PAGE_PRICE),
    listPrice: formatPrice(LANDING_PAGE_LIST_PRICE),
    savings: `Save ${formatPrice(LANDING_PAGE_SAVINGS)}`,
    delivery: "Instant Download",
    cta: { label: "Get the Book Now", href: buyNow },
  },
  stats: [
    { value: "10,000+", label: "Professionals trained" },
    { value: "47%", label: "Average sales increase" },
    { value: `${LANDING_RATING}/5`, label: "Reader rating" },
  ] satisfies LandingStat[],
  testimonials: { title: "Readers are already selling differently", items: landingTestimonials },
  inside: {
    title: "What You'll Discover Inside",
    items: [
      "The seven practices of presence-based selling, step by step",
      "How to recognise the sales ego before it costs you the deal",
      "The love-versus-fear test for every sales decision",
      "A witness technique for staying calm under objections and pressure",
      "Honest, invitational language that replaces manipulative closes",
      "Daily exercises that make presence your natural way of selling",
    ],
  },
  finalOffer: {
    title: "Get your copy today",
    lead: "Everything you need to start selling from presence on your very next call.",
    includes: [
      { icon: "download", text: "Instant PDF download" },
      { icon: "devices", text: "Works on all devices" },
      { icon: "guarantee", text: `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee` },
      { icon: "gift", text: "Bonus quick-start guide" },
    ] satisfies OfferInclusion[],
    cta: { label: "Yes, I Want the Book", href: buyNow },
  },
  footer: `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee · Secure checkout`,
};
