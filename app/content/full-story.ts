import { siteConfig } from "~/lib/site";

/** A chapter of the author's long biography. */
export type StorySection = {
  heading: string;
  paragraphs: string[];
};

const { name, shortName } = siteConfig.author;

/** Everything /full-story shows. */
export const fullStoryPage = {
  hero: {
    eyebrow: "The full story",
    title: `${name}: from persuasion to presence`,
    lead: "Forty years of business and a lifetime of practice, and how the two became one way of selling.",
  },
  back: { label: "Back to About", href: "/about" },
  sections: [
    {
      heading: "A salesman who hated the pitch",
      paragraphs: [
        `In 1978 ${shortName} took the only job he could find after college: selling office equipment on straight commission. He was good at it. He learned the scripts, the trial closes and the art of creating urgency, and within a year he was near the top of the board.`,
        "He was also quietly miserable. Every sale seemed to cost something he could not name. He noticed that the deals he was proudest of were the ones where he had forgotten to sell at all — where he and the customer had simply talked, honestly, about what would help.",
      ],
    },
    {
      heading: "Two worlds",
      paragraphs: [
        `Through the 1980s ${shortName} did two things at once. He founded his first company, hiring and training salespeople of his own. And he began to practise seriously in a non-dual spiritual lineage, sitting in meditation before dawn and spending his vacations on silent retreat.`,
        "At first the two lives had nothing to do with each other. On the cushion he learned to watch thoughts arise and pass without being carried away by them. In the office he watched his salespeople — and himself — be carried away all day long: by fear of rejection, by the need to win, by the story of the quarter.",
      ],
    },
    {
      heading: "The method is born",
      paragraphs: [
        "Sometime in the late 1980s the wall between the two worlds came down. Sitting in on a difficult negotiation, he realised that the same witness he met in meditation was present in the meeting room. The ego was negotiating; awareness was simply watching. And from awareness, the right next sentence was obvious.",
        "He began teaching his team to work from that place. There were no new scripts — only seven practices: recognising the knower behind the known, seeing the customer as a subject rather than an object, feeling the difference between love and fear, stepping from the me into the witness, resting as the screen behind the movie, returning to the senses, and watching the words. Turnover fell. Results rose. Customers started calling back to say thank you.",
      ],
    },
    {
      heading: "Building companies, ringing the bell",
      paragraphs: [
        `In the 1990s and 2000s ${shortName} became a serial entrepreneur, leading companies through two stock-exchange offerings and standing on the podium for the NASDAQ closing bell. Investor roadshows, board meetings and acquisition talks turned out to be sales conversations too — with higher stakes and bigger egos in the room.`,
        "The method held. Presence, he found, scales: a leadership team that can see its own fear makes better decisions, and a sales organisation that trusts its customers is trusted back.",
      ],
    },
    {
      heading: "What he learned about selling",
      paragraphs: [
        "After forty years, his conclusion is simple: persuasion is a symptom of absence. When we are not really there, we push. When we are fully present, we do not need to — because we can see what the customer needs and whether we are the right people to provide it.",
        `That is the heart of ${siteConfig.product.name}. The self that needs the sale is not the self that makes it. Drop the first, and the second is free to serve.`,
      ],
    },
    {
      heading: "Teaching presence today",
      paragraphs: [
        `Today ${shortName} lives and works in ${siteConfig.location.label}. He writes, speaks at conferences and sales kick-offs, works one-to-one with sales professionals in the Sales Breakthrough Hour, and leads the three-day Foundations Program and corporate trainings for teams.`,
        "His book gathers everything he has learned into one practical guide. It is written for the salesperson on a Monday morning with a full calendar, a number to hit and a sense that there must be a better way. There is, he says: it starts with noticing who is doing the selling.",
      ],
    },
  ] satisfies StorySection[],
  closing: {
    title: "Continue the conversation",
    lead: "Read the book, learn the method with Daniel, or get in touch about speaking.",
    links: [
      { label: "Explore the Book", href: "/book" },
      { label: "Training Programs", href: "/training" },
      { label: "Get in Touch", href: "/contact#contact-form" },
    ],
  },
};
