/** A stretch of the 60-minute Sales Breakthrough Hour. */
export type SessionSegment = {
  startMinute: number;
  endMinute: number;
  title: string;
  description: string;
};

/** The hour as it runs: assessment, tools, action plan. */
export const sessionTimeline: SessionSegment[] = [
  {
    startMinute: 0,
    endMinute: 15,
    title: "Assessment",
    description:
      "We look at how you sell today: your calls, your pressures, and the moments where the ego takes over the conversation.",
  },
  {
    startMinute: 15,
    endMinute: 40,
    title: "Tools",
    description:
      "You learn and rehearse the presence practices that fit your situation, from witness check-ins to honest language for the close.",
  },
  {
    startMinute: 40,
    endMinute: 60,
    title: "Action Plan",
    description:
      "Together we write a concrete plan for your next 30 days of calls, so the change holds once the session ends.",
  },
];
