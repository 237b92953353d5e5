import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type SchedulingProps = { schedulingUrl: string; contactEmail: string };

/** After buying the Sales Breakthrough Hour: how to schedule the session. */
export function SessionScheduling({ schedulingUrl, contactEmail }: SchedulingProps) {
  return (
    <EmailLayout preview="Choose a time for your 60-minute session.">
      <EmailHeading>Schedule your Sales Breakthrough Hour</EmailHeading>
      <Paragraph text="Thank you for booking the Sales Breakthrough Hour: a 60-minute one-to-one video session, recorded so you can return to it." />
      <Paragraph
        text={
          "0–15 minutes: assessment of where you are\n15–40 minutes: the tools that fit your situation\n40–60 minutes: your action plan"
        }
      />
      <Paragraph text="Choose a time that suits you in the calendar:" />
      <ActionButton href={schedulingUrl} label="Choose a time" />
      <Paragraph
        text={`We will also write to you personally within 24 hours to confirm the details.\nQuestions? Write to ${contactEmail}.`}
      />
      <Paragraph text={`— ${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const sessionSchedulingTemplate = defineEmailTemplate({
  name: "session-scheduling",
  schema: z.object({ schedulingUrl: z.string(), contactEmail: z.string() }),
  subject: () => "Schedule your Sales Breakthrough Hour",
  body: (data) => <SessionScheduling {...data} />,
});

export function sessionSchedulingEmail(props: SchedulingProps) {
  return sessionSchedulingTemplate.compose(props);
}
