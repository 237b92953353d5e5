import { siteConfig } from "~/lib/site";

/** After buying the Sales Breakthrough Hour: how to schedule the session. */
export function sessionSchedulingEmail(input: { schedulingUrl: string; contactEmail: string }) {
  return {
    subject: "Schedule your Sales Breakthrough Hour",
    text: [
      "Thank you for booking the Sales Breakthrough Hour.",
      "",
      "Your session is a 60-minute one-to-one video session, recorded so you can return to it:",
      "  0–15 minutes: assessment of where you are",
      "  15–40 minutes: the tools that fit your situation",
      "  40–60 minutes: your action plan",
      "",
      "Choose a time that suits you in the calendar:",
      input.schedulingUrl,
      "",
      "We will also write to you personally within 24 hours to confirm the details.",
      `Questions? Write to ${input.contactEmail}.`,
      "",
      `— ${siteConfig.author.name}`,
    ].join("\n"),
  };
}
