import { z } from "zod";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type BroadcastAttentionInput = {
  subject: string;
  /** What happened, in a sentence: "Paused: the provider refused to send". */
  headline: string;
  /** The server's words or the times involved. */
  detail: string;
  /** What the owner can do, and where. */
  next: string;
  consoleUrl: string;
};

/** Tells the owner a broadcast stopped and waits for them (paused, or held because it is late). */
export function BroadcastAttention(input: BroadcastAttentionInput) {
  return (
    <EmailLayout preview={input.headline}>
      <EmailHeading>{input.headline}</EmailHeading>
      <Paragraph text={`Broadcast: “${input.subject}”`} />
      <Panel text={input.detail} />
      <Paragraph text={input.next} />
      <ActionButton href={input.consoleUrl} label="Open the broadcast" />
    </EmailLayout>
  );
}

export const broadcastAttentionTemplate = defineEmailTemplate({
  name: "broadcast-attention",
  schema: z.object({
    subject: z.string(),
    headline: z.string(),
    detail: z.string(),
    next: z.string(),
    consoleUrl: z.string(),
  }),
  subject: (data) => `${data.headline}: ${data.subject}`,
  body: (data) => <BroadcastAttention {...data} />,
});

export function broadcastAttentionEmail(input: BroadcastAttentionInput) {
  return broadcastAttentionTemplate.compose(input);
}

/** Tells the owner a scheduled broadcast was held: its time passed while the site was down. */
export function broadcastOverdueEmail({
  subject,
  scheduledAt,
  foundAt,
  graceMinutes,
  consoleUrl,
}: {
  subject: string;
  scheduledAt: Date;
  foundAt: Date;
  graceMinutes: number;
  consoleUrl: string;
}) {
  const lateMinutes = Math.round((foundAt.getTime() - scheduledAt.getTime()) / 60_000);
  return broadcastAttentionEmail({
    subject,
    headline: "Broadcast held: it is overdue",
    detail: `It was scheduled for ${scheduledAt.toISOString().slice(0, 16).replace("T", " ")} UTC, but the site was down then; it came back ${lateMinutes} minutes later, past the ${graceMinutes}-minute grace.`,
    next: "Nothing was sent. Open the broadcast to send it now or to choose a new time.",
    consoleUrl,
  });
}
