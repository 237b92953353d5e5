import { z } from "zod";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type NextStepDueProps = { title: string; nextStep: string; dueOn: string; dealUrl: string };

/** To the owner, on the day a deal's next step is due. */
export function NextStepDue({ title, nextStep, dueOn, dealUrl }: NextStepDueProps) {
  return (
    <EmailLayout preview={`Due today: ${nextStep}`}>
      <EmailHeading>{`Next step due: ${title}`}</EmailHeading>
      <Paragraph text={`The next step on this deal is due on ${dueOn}:`} />
      <Panel text={nextStep} />
      <ActionButton href={dealUrl} label="Open the deal" />
      <Paragraph
        muted
        text="Done, or moved? Change the next step or its date on the deal, and this email comes again on the new date."
      />
    </EmailLayout>
  );
}

export const nextStepDueTemplate = defineEmailTemplate({
  name: "deal-next-step-due",
  schema: z.object({
    title: z.string(),
    nextStep: z.string(),
    dueOn: z.string(),
    dealUrl: z.string(),
  }),
  subject: ({ title, nextStep }) => `Due today: ${nextStep} (${title})`,
  body: (data) => <NextStepDue {...data} />,
});
