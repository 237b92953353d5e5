import { siteConfig } from "~/lib/site";

/**
 * The text of the PDF edition buyers download, used when no manuscript file is configured
 * (BOOK_PDF_PATH): the owner can replace it with the real book without a code change.
 */
export const bookEdition = {
  title: siteConfig.product.name,
  subtitle: "The End of Persuasion, The Rise of Presence",
  author: siteConfig.author.name,
  copyright: `Copyright © ${siteConfig.author.name}. All rights reserved. This copy is licensed to its purchaser for personal use.`,
  chapters: [
    {
      heading: "Introduction: The End of Persuasion",
      paragraphs: [
        "For decades selling has been taught as a set of techniques for moving people: openers, objection handlers, closes. They work, up to a point, and then they stop working, because the buyer can feel that they are being worked on.",
        "This book proposes something simpler and harder: stop performing and start paying attention. When the seller has nothing to defend, the buyer has nothing to resist.",
      ],
    },
    {
      heading: "Chapter 1: The Knower and the Known",
      paragraphs: [
        "Every thought about the sale, every hope and every fear, appears in awareness. The first practice is to notice the awareness itself: the knower behind the known.",
        "From there, a price objection is an event you witness rather than a threat you fight.",
      ],
    },
    {
      heading: "Chapter 2: The Ego at the Sales Table",
      paragraphs: [
        "The part of us that needs to win is the part the buyer trusts least. Learn its patterns: rushing, over-explaining, steering, the small lurch of need when a deal wobbles.",
      ],
    },
    {
      heading: "Chapter 3: Love, Fear and the Close",
      paragraphs: [
        "Every sales move grows from one of two roots. A close made from care asks a real question and can hear a real no; a close made from scarcity cannot.",
      ],
    },
    {
      heading: "Chapter 4: The Witness in the Room",
      paragraphs: [
        "In discovery calls and negotiations, step back into witness consciousness: breathe, listen to the whole sentence, and let silence do some of the work.",
      ],
    },
    {
      heading: "Chapter 5: The Movie and the Screen",
      paragraphs: [
        "Wins, losses and long cycles are the movie. You are the screen it plays on. Resting as the screen is what keeps you steady enough to serve the next buyer well.",
      ],
    },
  ],
} as const;
