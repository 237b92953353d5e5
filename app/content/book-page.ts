import { BOOK_PDF_PRICE, formatPrice, MONEY_BACK_GUARANTEE_DAYS } from "~/lib/catalog";
import { siteConfig } from "~/lib/site";
import { bookChapters } from "./chapters";
import { bookTestimonials } from "./testimonials";

export const bookCover = {
  src: "/images/book-cover.svg",
  alt: `Cover of ${siteConfig.product.name} by ${siteConfig.author.name}: a rising sun over a calm horizon`,
  width: 600,
  height: 900,
};

/** Everything /book shows. */
export const bookPage = {
  hero: {
    eyebrow: "The Book",
    title: siteConfig.product.name,
    subtitle: siteConfig.tagline,
    lead: `${siteConfig.author.name} distils forty years of selling and a lifetime of spiritual practice into a practical guide to presence-based selling: seven practices that replace persuasion with genuine connection.`,
    cover: bookCover,
    buy: { label: "Get the Book", href: "/buy-now" },
    preview: { label: "Read Free Preview", href: "/sample-excerpts" },
  },
  chapters: {
    title: "Inside the book",
    lead: "The opening chapters, from the end of persuasion to the movie and the screen.",
    items: bookChapters,
  },
  benefits: {
    title: "What you will gain",
    items: [
      "Walk into every meeting calm, clear and fully present",
      "Handle objections with curiosity instead of defensiveness",
      "Close from trust rather than pressure — and keep the customer",
      "Free yourself from call reluctance and rejection fatigue",
      "Build a reputation for integrity that brings referrals",
      "Practices you can use on your very next call",
    ],
  },
  testimonials: {
    title: "What readers say",
    items: bookTestimonials,
  },
  pricing: {
    title: "PDF Edition",
    status: "Coming Soon",
    price: BOOK_PDF_PRICE,
    priceLabel: formatPrice(BOOK_PDF_PRICE),
    features: [
      "Instant download",
      "Read on any device",
      "Exercises for every practice",
      `${MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee`,
    ],
    cta: { label: "Reserve Your Copy", href: "/buy-now" },
  },
  contact: {
    title: "Ordering for a team?",
    lead: "Bulk copies for sales teams, book clubs and events are available. Tell us what you need.",
    cta: { label: "Contact Us", href: "/contact#contact-form" },
  },
};
