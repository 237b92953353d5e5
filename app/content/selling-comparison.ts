/** One contrast between the traditional way of selling and the presence-based way. */
export type ComparisonPair = {
  aspect: string;
  traditional: string;
  presence: string;
};

/** Traditional selling against presence-based selling, as the method page sets them side by side. */
export const sellingComparison: ComparisonPair[] = [
  {
    aspect: "Preparation",
    traditional: "Memorised scripts and techniques delivered to every buyer alike",
    presence: "Authentic, present-moment responses to the person actually in front of you",
  },
  {
    aspect: "Objections",
    traditional: "Objections are obstacles to overcome with rebuttals",
    presence: "Concerns are information to understand with curiosity",
  },
  {
    aspect: "Closing",
    traditional: "Pressure, urgency and closing tricks to force a decision",
    presence: "Clarity and trust that let the right decision arrive naturally",
  },
  {
    aspect: "Motivation",
    traditional: "Ego-driven performance: winning, quota, being right",
    presence: "Service from the witness: what is truly best for the customer",
  },
];
