import { z } from "zod";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type ProposalSentProps = {
  program: string;
  total: string;
  validUntil: string;
  proposalUrl: string;
  from: string;
};

/** To the client: the proposal's link, where they read it, download the PDF and accept. */
export function ProposalSent({ program, total, validUntil, proposalUrl, from }: ProposalSentProps) {
  return (
    <EmailLayout preview={`Your proposal: ${program}`}>
      <EmailHeading>{`Your proposal from ${from}`}</EmailHeading>
      <Paragraph text="Thank you for the conversation. Here is the proposal we discussed:" />
      <Panel text={`${program}\nTotal: ${total}`} />
      <Paragraph
        text={`Read it online, download it as a PDF, and accept it there when you are ready. It is valid until ${validUntil}.`}
      />
      <ActionButton href={proposalUrl} label="Read the proposal" />
      <Paragraph muted text="Questions? Reply to this email." />
    </EmailLayout>
  );
}

export const proposalSentTemplate = defineEmailTemplate({
  name: "deal-proposal-sent",
  schema: z.object({
    program: z.string(),
    total: z.string(),
    validUntil: z.string(),
    proposalUrl: z.string(),
    from: z.string(),
  }),
  subject: ({ program, from }) => `Your proposal from ${from}: ${program}`,
  body: (data) => <ProposalSent {...data} />,
});

type ProposalAcceptedProps = {
  program: string;
  version: number;
  total: string;
  acceptedBy: string;
  acceptedOn: string;
  link: string;
  linkLabel: string;
};

/** To the owner: a client accepted a proposal, and the deal is won. */
export function ProposalAccepted(props: ProposalAcceptedProps) {
  return (
    <EmailLayout preview={`Accepted: ${props.program}`}>
      <EmailHeading>{`Proposal accepted: ${props.program}`}</EmailHeading>
      <Paragraph
        text={`${props.acceptedBy} accepted version ${props.version} (${props.total}) on ${props.acceptedOn}. The deal is now won.`}
      />
      <ActionButton href={props.link} label={props.linkLabel} />
    </EmailLayout>
  );
}

export const proposalAcceptedTemplate = defineEmailTemplate({
  name: "deal-proposal-accepted",
  schema: z.object({
    program: z.string(),
    version: z.number(),
    total: z.string(),
    acceptedBy: z.string(),
    acceptedOn: z.string(),
    link: z.string(),
    linkLabel: z.string(),
  }),
  subject: ({ program, acceptedBy }) => `Proposal accepted by ${acceptedBy}: ${program}`,
  body: (data) => <ProposalAccepted {...data} />,
});

/** To the client: their copy of what they accepted, with the link to the page and its PDF. */
export function ProposalAcceptedCopy(props: Omit<ProposalAcceptedProps, "linkLabel">) {
  return (
    <EmailLayout preview={`Your accepted proposal: ${props.program}`}>
      <EmailHeading>{`You accepted: ${props.program}`}</EmailHeading>
      <Paragraph
        text={`Thank you. ${props.acceptedBy} accepted version ${props.version} (${props.total}) on ${props.acceptedOn}. Keep this email: the link below shows the accepted proposal and its PDF.`}
      />
      <ActionButton href={props.link} label="Your accepted proposal" />
      <Paragraph
        muted
        text="We will be in touch about the next steps. Questions? Reply to this email."
      />
    </EmailLayout>
  );
}

export const proposalAcceptedCopyTemplate = defineEmailTemplate({
  name: "deal-proposal-accepted-copy",
  schema: z.object({
    program: z.string(),
    version: z.number(),
    total: z.string(),
    acceptedBy: z.string(),
    acceptedOn: z.string(),
    link: z.string(),
  }),
  subject: ({ program }) => `Your accepted proposal: ${program}`,
  body: (data) => <ProposalAcceptedCopy {...data} />,
});
