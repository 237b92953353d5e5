import { z } from "zod";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

/** What both deposit emails say: the proposal, the amount, when and the payment's reference. */
const depositPaidData = z.object({
  program: z.string(),
  version: z.number(),
  amount: z.string(),
  paidOn: z.string(),
  reference: z.string(),
  link: z.string(),
});

type DepositPaidProps = z.infer<typeof depositPaidData>;

/** To the owner: the client paid the deposit an accepted proposal asked for. */
export function DepositPaid(props: DepositPaidProps) {
  return (
    <EmailLayout preview={`Deposit paid: ${props.program}`}>
      <EmailHeading>{`Deposit of ${props.amount} paid`}</EmailHeading>
      <Paragraph
        text={`The client paid the deposit of version ${props.version} of “${props.program}” on ${props.paidOn} through Stripe Checkout.`}
      />
      <Panel text={`Stripe reference: ${props.reference}`} />
      <ActionButton href={props.link} label="Open the deal" />
    </EmailLayout>
  );
}

export const depositPaidTemplate = defineEmailTemplate({
  name: "deal-deposit-paid",
  schema: depositPaidData,
  subject: ({ program, amount }) => `Deposit of ${amount} paid: ${program}`,
  body: (data) => <DepositPaid {...data} />,
});

/** To the client: the receipt for their deposit, with the link back to the accepted proposal. */
export function DepositReceipt(props: DepositPaidProps) {
  return (
    <EmailLayout preview={`Your deposit of ${props.amount} is received`}>
      <EmailHeading>{`Thank you: your deposit of ${props.amount} is received`}</EmailHeading>
      <Paragraph
        text={`We received the deposit for “${props.program}” (proposal version ${props.version}) on ${props.paidOn}.`}
      />
      <Panel text={`Amount: ${props.amount}\nReference: ${props.reference}`} />
      <ActionButton href={props.link} label="Your accepted proposal" />
      <Paragraph
        muted
        text="Stripe sends its own receipt for the card payment. Questions? Reply to this email."
      />
    </EmailLayout>
  );
}

export const depositReceiptTemplate = defineEmailTemplate({
  name: "deal-deposit-receipt",
  schema: depositPaidData,
  subject: ({ amount, program }) => `Your deposit of ${amount} is received: ${program}`,
  body: (data) => <DepositReceipt {...data} />,
});
