import {
  BREAKTHROUGH_SESSION_PRICE,
  CORPORATE_MINIMUM_TEAM_SIZE,
  formatPrice,
} from "~/lib/catalog";

/** What a program costs: a published price, or a quote on request (which links to /contact). */
export type ProgramInvestment =
  | { kind: "price"; amount: number; label: string; note: string }
  | { kind: "quote"; label: string; note: string };

/** What the program card's main button does. */
export type ProgramAction =
  | { kind: "schedule"; label: string }
  | {
      kind: "link";
      label: string;
      /** Read after the label by screen readers when the label alone is vague ("Learn More"). */
      labelContext?: string;
      href: string;
      scrollDelayMs?: number;
    };

/** A program card on the training page. */
export type TrainingProgram = {
  id: "single-session" | "foundations-workshop" | "corporate";
  title: string;
  duration: string;
  format: string;
  description: string;
  features: string[];
  investment: ProgramInvestment;
  popular: boolean;
  action: ProgramAction;
};

/** The spec's delay before /contact scrolls to its form when reached from the training page. */
const TRAINING_SCROLL_TO_FORM_MS = 300;

export const trainingPrograms: TrainingProgram[] = [
  {
    id: "single-session",
    title: "Sales Breakthrough Hour",
    duration: "60 minutes",
    format: "One-to-one video session",
    description:
      "A focused private session with the author to find the pattern that is costing you sales and replace it with a practice you can use on your very next call.",
    features: [
      "Personal assessment of your sales patterns",
      "Presence tools chosen for your situation",
      "A written action plan for the next 30 days",
      "Recording of the session to keep",
    ],
    investment: {
      kind: "price",
      amount: BREAKTHROUGH_SESSION_PRICE,
      label: formatPrice(BREAKTHROUGH_SESSION_PRICE),
      note: "Introductory rate",
    },
    popular: true,
    action: { kind: "schedule", label: "Schedule Your Session" },
  },
  {
    id: "foundations-workshop",
    title: "Foundations Workshop",
    duration: "3 days",
    format: "In-person intensive",
    description:
      "Three immersive days in all seven practices, with live role-play, small-group coaching and a 90-day plan to make presence your default way of selling.",
    features: [
      "All seven practices, taught and rehearsed",
      "Seven live role-play scenarios with feedback",
      "Workbook and case study library",
      "90-day follow-up and integration plan",
    ],
    investment: {
      kind: "quote",
      label: "Quote on request",
      note: "Dates and group rates on request",
    },
    popular: false,
    action: {
      kind: "link",
      label: "Learn More",
      labelContext: "about the Foundations Workshop",
      href: "/foundations-program",
    },
  },
  {
    id: "corporate",
    title: "Corporate Training",
    duration: "Custom program",
    format: `On-site or virtual, teams of ${CORPORATE_MINIMUM_TEAM_SIZE}+`,
    description:
      "A program designed around your market, your pipeline and your people, so that a whole sales organisation learns to sell from presence together.",
    features: [
      `For sales teams of ${CORPORATE_MINIMUM_TEAM_SIZE} or more`,
      "Tailored to your products and buyers",
      "Leadership sessions for sales managers",
      "Ongoing reinforcement and progress reviews",
    ],
    investment: {
      kind: "quote",
      label: "Custom quote",
      note: "Priced to your team's size and goals",
    },
    popular: false,
    action: {
      kind: "link",
      label: "Corporate Inquiry",
      href: "/contact#contact-form",
      scrollDelayMs: TRAINING_SCROLL_TO_FORM_MS,
    },
  },
];
