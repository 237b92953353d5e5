/** A question a page answers in view; the same entries feed its FAQPage structured data. */
export type FaqEntry = {
  question: string;
  answer: string;
};
