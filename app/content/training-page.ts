import {
  BREAKTHROUGH_SESSION_PRICE,
  CORPORATE_MINIMUM_TEAM_SIZE,
  formatPrice,
} from "~/lib/catalog";
import type { FaqEntry } from "./faq";
import { sessionTimeline } from "./session-timeline";
import { trainingTestimonials } from "./testimonials";
import { trainingPrograms } from "./training-programs";

export const trainingFaq: FaqEntry[] = [
  {
    question: "What happens in the Sales Breakthrough Hour?",
    answer:
      "A 60-minute one-to-one video session: 15 minutes of assessment, 25 minutes learning and rehearsing presence tools, and 20 minutes writing your action plan.",
  },
  {
    question: "How much does a single session cost?",
    answer: `${formatPrice(BREAKTHROUGH_SESSION_PRICE)}, an introductory rate. The session is recorded so you can return to it.`,
  },
  {
    question: "How do I book?",
    answer:
      "Choose Schedule Your Session to pick a time on the scheduling page. You will receive a confirmation email with the video link.",
  },
  {
    question: "Can you train our whole sales team?",
    answer: `Yes. Corporate training is designed for teams of ${CORPORATE_MINIMUM_TEAM_SIZE} or more and priced by quote. Send a corporate inquiry and we will reply within 48 hours.`,
  },
];

/** Everything /training shows. */
export const trainingPage = {
  hero: {
    eyebrow: "Training",
    title: "Learn to sell from presence",
    lead: "From a single focused hour to a program for your whole sales organisation, every format teaches the same thing: how to stop performing and start connecting.",
  },
  programs: {
    title: "Choose your program",
    lead: "Three ways to learn the method with the author.",
    items: trainingPrograms,
    popularLabel: "Most popular",
  },
  session: {
    title: "Inside the Sales Breakthrough Hour",
    lead: "Sixty minutes, three movements, one lasting change.",
    segments: sessionTimeline,
    cta: "Schedule Your Session",
  },
  successStories: {
    title: "Success stories",
    lead: "What changes when sales professionals and teams learn to sell from presence.",
    items: trainingTestimonials,
  },
  faq: { title: "Questions about training", items: trainingFaq },
};
