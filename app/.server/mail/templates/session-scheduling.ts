import { siteConfig } from "~/lib/site";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/** After buying the Sales Breakthrough Hour: how to schedule the session. */
export function sessionSchedulingEmail(input: {
  schedulingUrl: string;
  contactEmail: string;
}): EmailContent {
  const subject = "Schedule your Sales Breakthrough Hour";
  const intro =
    "Thank you for booking the Sales Breakthrough Hour: a 60-minute one-to-one video session, recorded so you can return to it.\n0–15 minutes: assessment of where you are\n15–40 minutes: the tools that fit your situation\n40–60 minutes: your action plan";
  const calendar = "Choose a time that suits you in the calendar:";
  const closing = `We will also write to you personally within 24 hours to confirm the details.\nQuestions? Write to ${input.contactEmail}.\n\n— ${siteConfig.author.name}`;
  return {
    subject,
    text: [intro, `${calendar}\n${input.schedulingUrl}`, closing].join("\n\n"),
    html: htmlEmail({
      title: subject,
      body: [
        htmlParagraph(intro),
        htmlParagraph(calendar),
        htmlButton(input.schedulingUrl, "Choose a time"),
        htmlParagraph(closing),
      ].join(""),
    }),
  };
}
