import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

/** The cohort as every email names it: "May 6–8, 2027, Boulder, CO (The Lodge)". */
const cohortFacts = { title: z.string(), when: z.string(), place: z.string() };
type CohortFacts = { title: string; when: string; place: string };
const signOff = (contactEmail: string) =>
  `Questions? Write to ${contactEmail}.\n— ${siteConfig.author.name}`;

const confirmationSchema = z.object({
  ...cohortFacts,
  name: z.string(),
  hours: z.string(),
  contactEmail: z.string(),
  invite: z.string(),
});

/** The attendee's seat is theirs: the days, the place, and the calendar invite. */
export const workshopConfirmationTemplate = defineEmailTemplate({
  name: "workshop-confirmation",
  schema: confirmationSchema,
  subject: (data) => `You're registered: ${data.title}, ${data.when}`,
  body: (data) => (
    <EmailLayout preview={`Your seat: ${data.when}, ${data.place}`}>
      <EmailHeading>{`Your seat at ${data.title} is confirmed`}</EmailHeading>
      <Paragraph text={`Hi ${data.name},`} />
      <Panel text={`${data.when}\n${data.hours}\n${data.place}`} />
      <Paragraph text="The invite attached adds all three days to your calendar; if anything changes, the next one replaces it." />
      <Paragraph text={signOff(data.contactEmail)} />
    </EmailLayout>
  ),
  attachments: (data) => [
    {
      filename: "workshop.ics",
      contentType: "text/calendar; charset=utf-8; method=REQUEST",
      content: data.invite,
    },
  ],
});

const receiptSchema = z.object({
  ...cohortFacts,
  reference: z.string(),
  paidCents: z.number(),
  priceCents: z.number(),
  contactEmail: z.string(),
});

/** What was paid, and the balance still due when it was a deposit. */
export const workshopReceiptTemplate = defineEmailTemplate({
  name: "workshop-receipt",
  schema: receiptSchema,
  subject: (data) => `Receipt: ${data.title}, ${money(data.paidCents)}`,
  body: (data) => {
    const balance = data.priceCents - data.paidCents;
    return (
      <EmailLayout preview={`Paid ${money(data.paidCents)}`}>
        <EmailHeading>Payment received</EmailHeading>
        <Panel
          text={`${data.title}, ${data.when}\nPaid: ${money(data.paidCents)}\nPrice: ${money(data.priceCents)}\n${balance > 0 ? `Balance due before the first day: ${money(balance)}` : "Paid in full"}\nReference: ${data.reference}`}
        />
        <Paragraph text={signOff(data.contactEmail)} />
      </EmailLayout>
    );
  },
});

/** A payment that came after its hold lapsed, when no seat was left: refunded, and a place in line. */
export const workshopRefundApologyTemplate = defineEmailTemplate({
  name: "workshop-refund-apology",
  schema: z.object({
    ...cohortFacts,
    name: z.string(),
    refundedCents: z.number(),
    contactEmail: z.string(),
  }),
  subject: (data) => `Sorry: ${data.title} filled up, your payment is refunded`,
  body: (data) => (
    <EmailLayout preview="Your payment is on its way back to you.">
      <EmailHeading>We are sorry: the cohort filled up</EmailHeading>
      <Paragraph
        text={`Hi ${data.name},\n\nYour checkout for ${data.title} (${data.when}) ran past the time we could keep your seat, and by the time your payment arrived the last seat had gone. We have refunded ${money(data.refundedCents)} in full; your bank shows it within a few days.\n\nYou are on the waiting list: when a seat frees up, you get a personal offer by email.`}
      />
      <Paragraph text={signOff(data.contactEmail)} />
    </EmailLayout>
  ),
});

/** A place on the waiting list, acknowledged. */
export const workshopWaitlistJoinedTemplate = defineEmailTemplate({
  name: "workshop-waitlist-joined",
  schema: z.object({ ...cohortFacts, name: z.string(), contactEmail: z.string() }),
  subject: (data) => `You're on the waiting list: ${data.title}, ${data.when}`,
  body: (data) => (
    <EmailLayout preview="We write the moment a seat frees up.">
      <EmailHeading>You are on the waiting list</EmailHeading>
      <Paragraph
        text={`Hi ${data.name},\n\n${data.title} (${data.when}, ${data.place}) is full. When a seat frees up, the next person in line gets a personal offer by email, kept for them for a while; you will hear from us when it is your turn.`}
      />
      <Paragraph text={signOff(data.contactEmail)} />
    </EmailLayout>
  ),
});

/** A freed seat, kept for this person until the offer's end. */
export const workshopSeatOfferTemplate = defineEmailTemplate({
  name: "workshop-seat-offer",
  schema: z.object({
    ...cohortFacts,
    name: z.string(),
    offerUrl: z.string(),
    until: z.string(),
    contactEmail: z.string(),
  }),
  subject: (data) => `A seat is yours if you want it: ${data.title}, ${data.when}`,
  body: (data) => (
    <EmailLayout preview={`Kept for you until ${data.until}`}>
      <EmailHeading>A seat has opened up for you</EmailHeading>
      <Paragraph
        text={`Hi ${data.name},\n\nA seat at ${data.title} (${data.when}, ${data.place}) is free, and it is kept for you until ${data.until}. After that it goes to the next person in line.`}
      />
      <ActionButton href={data.offerUrl} label="Take my seat" />
      <Paragraph text={signOff(data.contactEmail)} />
    </EmailLayout>
  ),
});

export type { CohortFacts };
