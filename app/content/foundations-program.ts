import { FOUNDATIONS_PROGRAM_PRICE, formatPrice } from "~/lib/catalog";
import type { FaqEntry } from "./faq";

/** A teaching module of the foundations workshop. */
export type ProgramModule = {
  title: string;
  description: string;
};

/** A part of each workshop day. */
export type ScheduleBlock = {
  label: string;
  start: string;
  end: string;
  description: string;
};

/** Something every participant takes home. */
export type ProgramMaterial = {
  icon: "book" | "library" | "calendar";
  title: string;
  description: string;
};

export const foundationsProgramFacts = {
  days: 3,
  format: "In-person intensive",
  dailyHours: "9:00am – 5:00pm daily",
  price: FOUNDATIONS_PROGRAM_PRICE,
  priceLabel: formatPrice(FOUNDATIONS_PROGRAM_PRICE),
};

export const foundationsModules: ProgramModule[] = [
  {
    title: "The Knower and the Known",
    description:
      "Establish the foundation: recognising the awareness behind every thought, so pressure no longer decides how you sell.",
  },
  {
    title: "Seeing the Sales Ego",
    description:
      "Map the ego's favourite strategies — needing to win, fearing rejection, performing — and catch them as they arise.",
  },
  {
    title: "Love vs. Fear in Decisions",
    description:
      "Learn to feel which root drives each move, and practise pricing, proposing and closing from care instead of scarcity.",
  },
  {
    title: "The Witness Under Pressure",
    description:
      "Stay present through objections, silence and negotiation by stepping back into witness consciousness in real time.",
  },
  {
    title: "Presence-Based Discovery",
    description:
      "Use sensory awareness and genuine curiosity to hear what customers need — including what they do not say.",
  },
  {
    title: "Language of Presence",
    description:
      "Replace pressure words and hidden manipulation with clear, honest, invitational language in calls, emails and proposals.",
  },
  {
    title: "Integration and Your 90-Day Plan",
    description:
      "Bring the seven practices together into a daily routine and build the personal plan that carries the change into your pipeline.",
  },
];

export const foundationsDailySchedule: ScheduleBlock[] = [
  {
    label: "Morning",
    start: "9:00",
    end: "12:30",
    description:
      "Teaching and guided practice: each module is introduced, demonstrated and practised in pairs.",
  },
  {
    label: "Afternoon",
    start: "1:30",
    end: "5:00",
    description:
      "Live role-play, feedback and integration: the morning's practice is tested in realistic sales scenarios.",
  },
];

/** The break between the two blocks, stated so the day reads as a whole. */
export const foundationsLunchBreak = "12:30 – 1:30 lunch break";

export const foundationsRolePlays: string[] = [
  "The price objection: “It's too expensive.”",
  "The stalled deal that has gone quiet for weeks",
  "The sceptical executive who has heard every pitch",
  "The cold call to a stranger with no time",
  "The competitor comparison: “Why should we choose you?”",
  "The frustrated customer after something went wrong",
  "The closing conversation, without pressure",
];

export const foundationsMaterials: ProgramMaterial[] = [
  {
    icon: "book",
    title: "Workbook",
    description:
      "The complete practice workbook: exercises, reflection pages and the seven practices in pocket form.",
  },
  {
    icon: "library",
    title: "Case Study Library",
    description:
      "Real sales situations worked through with the method, to study during and long after the workshop.",
  },
  {
    icon: "calendar",
    title: "90-Day Integration Plan",
    description:
      "A week-by-week plan, with follow-up check-ins, that turns three days of insight into lasting habit.",
  },
];

/** Where Request Information goes: the contact form, preset and prefilled (docs/decisions/010). */
export const foundationsInformationRequest = {
  label: "Request Information",
  interest: "Corporate Training",
  message:
    "I'd like more information about the 3-day Foundations Program: upcoming dates, location and group rates.",
};

export const foundationsFaq: FaqEntry[] = [
  {
    question: "How long is the Foundations Program?",
    answer:
      "Three full days in person, from 9:00am to 5:00pm each day: mornings for teaching and guided practice, afternoons for role-play and integration.",
  },
  {
    question: "What does it cost, and what is included?",
    answer: `The investment is ${formatPrice(FOUNDATIONS_PROGRAM_PRICE)}. It includes all seven modules, seven live role-play scenarios, the workbook, the case study library and a 90-day integration plan with follow-up.`,
  },
  {
    question: "Is there a virtual version?",
    answer:
      "The Foundations Program is in person only, because the role-plays depend on being in the room together. For remote work, book a one-to-one Sales Breakthrough Hour or ask about corporate training.",
  },
  {
    question: "Who is it for?",
    answer:
      "Sales professionals, sales managers and leaders, and entrepreneurs who sell — anyone who wants to replace pressure and scripts with presence.",
  },
];

/** Everything /foundations-program shows. */
export const foundationsPage = {
  back: { label: "Back to Training", href: "/training" },
  hero: {
    eyebrow: "Foundations Program",
    title: "The 3-Day Presence-Based Selling Intensive",
    lead: "Three immersive days to learn, rehearse and embody all seven practices — with live role-play, personal feedback and a 90-day plan that carries the change into your pipeline.",
  },
  facts: foundationsProgramFacts,
  factLabels: { duration: "Duration", hours: "Hours", investment: "Investment" },
  modules: {
    title: "Seven modules",
    lead: "One practice builds on the next.",
    items: foundationsModules,
  },
  schedule: {
    title: "Daily schedule",
    lead: "Every day follows the same rhythm: learn in the morning, live it in the afternoon.",
    blocks: foundationsDailySchedule,
    lunch: foundationsLunchBreak,
  },
  rolePlays: {
    title: "Seven role-play scenarios",
    lead: "The situations that test every salesperson, rehearsed until presence holds under pressure.",
    items: foundationsRolePlays,
  },
  materials: { title: "Included materials", items: foundationsMaterials },
  faq: { title: "Questions about the program", items: foundationsFaq },
  cta: {
    title: "Ready to go deeper?",
    lead: "Book a free consultation to see whether the Foundations Program is right for you, or ask us for dates and details.",
    schedule: "Schedule Consultation",
    information: foundationsInformationRequest,
  },
};
