import { siteConfig } from "~/lib/site";
import { practices } from "./practices";
import { sellingComparison } from "./selling-comparison";

/** Everything /method shows. */
export const methodPage = {
  hero: {
    eyebrow: "The Method",
    title: "The Seven Practices",
    lead: `${siteConfig.product.name} rests on seven practices drawn from a non-dual spiritual lineage and forty years of selling. Together they move you from persuading people to being present with them — and buyers feel the difference.`,
  },
  practices,
  practicesHeading: "The practices, one by one",
  practiceLabels: { practices: "Key practices", salesBenefits: "Sales benefits" },
  comparison: {
    title: "Traditional Selling vs. Presence-Based Selling",
    lead: "The same conversation, lived from two different places.",
    traditionalLabel: "Traditional selling",
    presenceLabel: "Presence-based selling",
    pairs: sellingComparison,
  },
  closing: {
    title: "Put the practices to work",
    lead: "Learn the method with the author in a one-to-one session or workshop, or start today with the book.",
    training: { label: "Explore Training", href: "/training" },
    book: { label: "Get the Book", href: "/buy-now" },
  },
};
