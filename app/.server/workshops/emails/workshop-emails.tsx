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
  // Optional: confirmations queued before cancellation links existed still render.
  cancelUrl: z.string().optional(),
});

/** Where the attendee cancels, and that the page says first what the policy gives. */
function CancelLink({ cancelUrl }: { cancelUrl?: string }) {
  if (!cancelUrl) return null;
  return (
    <>
      <Paragraph
        muted
        text="Cannot come after all? The page behind this button says what our cancellation policy gives you before you confirm."
      />
      <ActionButton href={cancelUrl} label="Cancel my registration" />
    </>
  );
}

/** The .ics file; its content type names the same METHOD as the calendar inside (RFC 6047). */
const inviteAttachment = (invite: string, method: "REQUEST" | "CANCEL" = "REQUEST") => [
  {
    filename: "workshop.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: invite,
  },
];

/** Why this balance email: asked on its day, chased, or owed again after a refund. */
function balanceLine(data: { chase: boolean; refundedCents?: number }) {
  if (data.refundedCents !== undefined)
    return `The ${money(data.refundedCents)} you paid toward the balance has been refunded to you. Your deposit still keeps your seat; the balance is due again before the first day.`;
  return data.chase
    ? "We wrote about the balance a few days ago and have not seen it yet; if it crossed with this email, thank you and please ignore this one."
    : "Your deposit keeps your seat; the balance is due before the first day.";
}

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
      <CancelLink cancelUrl={data.cancelUrl} />
    </EmailLayout>
  ),
  attachments: (data) => inviteAttachment(data.invite),
});

const receiptSchema = z.object({
  ...cohortFacts,
  reference: z.string(),
  paidCents: z.number(),
  priceCents: z.number(),
  /** Paid before this payment (the deposit, when this receipt is the balance's). */
  earlierCents: z.number().optional(),
  contactEmail: z.string(),
});

/** What was paid, and the balance still due when it was a deposit. */
export const workshopReceiptTemplate = defineEmailTemplate({
  name: "workshop-receipt",
  schema: receiptSchema,
  subject: (data) => `Receipt: ${data.title}, ${money(data.paidCents)}`,
  body: (data) => {
    const earlierCents = data.earlierCents ?? 0;
    const balance = data.priceCents - earlierCents - data.paidCents;
    const earlier = earlierCents > 0 ? `Paid before: ${money(earlierCents)}\n` : "";
    return (
      <EmailLayout preview={`Paid ${money(data.paidCents)}`}>
        <EmailHeading>Payment received</EmailHeading>
        <Panel
          text={`${data.title}, ${data.when}\nPaid: ${money(data.paidCents)}\n${earlier}Price: ${money(data.priceCents)}\n${balance > 0 ? `Balance due before the first day: ${money(balance)}` : "Paid in full"}\nReference: ${data.reference}`}
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

/** The balance of a deposit, asked for (or, the second time, chased) with its payment link. */
export const workshopBalanceRequestTemplate = defineEmailTemplate({
  name: "workshop-balance-request",
  schema: z.object({
    ...cohortFacts,
    name: z.string(),
    paidCents: z.number(),
    balanceCents: z.number(),
    payUrl: z.string(),
    chase: z.boolean(),
    /** Set when the balance paid was refunded and is due again (decision 266). */
    refundedCents: z.number().optional(),
    contactEmail: z.string(),
  }),
  subject: (data) =>
    data.refundedCents !== undefined
      ? `Your balance for ${data.title} was refunded: it is due again`
      : data.chase
        ? `Reminder: the balance for ${data.title} is still open`
        : `The balance for ${data.title}, ${data.when}`,
  body: (data) => (
    <EmailLayout preview={`Balance due: ${money(data.balanceCents)}`}>
      <EmailHeading>
        {data.refundedCents !== undefined
          ? "Your balance payment was refunded"
          : data.chase
            ? "Your balance is still open"
            : "Time to pay the balance"}
      </EmailHeading>
      <Paragraph
        text={`Hi ${data.name},\n\n${data.title} begins soon (${data.when}, ${data.place}). ${balanceLine(data)}`}
      />
      <Panel text={`Paid: ${money(data.paidCents)}\nBalance due: ${money(data.balanceCents)}`} />
      <ActionButton href={data.payUrl} label={`Pay ${money(data.balanceCents)}`} />
      <Paragraph text={signOff(data.contactEmail)} />
    </EmailLayout>
  ),
});

/** A week, then a day before: the days, the place, and the invite again. */
export const workshopReminderTemplate = defineEmailTemplate({
  name: "workshop-reminder",
  schema: z.object({
    ...cohortFacts,
    name: z.string(),
    lead: z.enum(["week", "day"]),
    hours: z.string(),
    invite: z.string(),
    cancelUrl: z.string().optional(),
    contactEmail: z.string(),
  }),
  subject: (data) =>
    data.lead === "week"
      ? `In a week: ${data.title}, ${data.when}`
      : `Tomorrow: ${data.title}, ${data.place}`,
  body: (data) => (
    <EmailLayout preview={`${data.when}, ${data.place}`}>
      <EmailHeading>{data.lead === "week" ? "One week to go" : "See you tomorrow"}</EmailHeading>
      <Paragraph text={`Hi ${data.name},`} />
      <Panel text={`${data.title}\n${data.when}\n${data.hours}\n${data.place}`} />
      <Paragraph text="The invite attached keeps your calendar up to date; it replaces any earlier one." />
      <Paragraph text={signOff(data.contactEmail)} />
      {data.lead === "week" && <CancelLink cancelUrl={data.cancelUrl} />}
    </EmailLayout>
  ),
  attachments: (data) => inviteAttachment(data.invite),
});

/** What a cancellation gave back: our policy's refund or credit, or a refund made in Stripe. */
function cancelledLine(data: {
  outcome: "refund" | "credit" | "refunded" | "cohort";
  cents: number;
}) {
  if (data.outcome === "cohort")
    return `We are sorry: we have had to cancel it. We have refunded all you paid, ${money(data.cents)}; your bank shows it within a few days.`;
  if (data.outcome === "refund")
    return `We have refunded ${money(data.cents)} in full; your bank shows it within a few days.`;
  if (data.outcome === "credit")
    return `You keep a credit of ${money(data.cents)} toward a later cohort: reply to this email when you pick one.`;
  return `We have refunded your payment of ${money(data.cents)}; your bank shows it within a few days. If you did not expect this, reply to this email.`;
}

/** A cancellation done: what went back, and the invite that takes the days off the calendar. */
export const workshopCancelledTemplate = defineEmailTemplate({
  name: "workshop-cancelled",
  schema: z.object({
    ...cohortFacts,
    name: z.string(),
    // `refunded`: refunded in Stripe's dashboard; `cohort`: the owner cancelled the whole cohort.
    outcome: z.enum(["refund", "credit", "refunded", "cohort"]),
    cents: z.number(),
    contactEmail: z.string(),
    // Optional: cancellations queued before the CANCEL invite existed still render.
    invite: z.string().optional(),
  }),
  subject: (data) => `Cancelled: ${data.title}, ${data.when}`,
  body: (data) => (
    <EmailLayout
      preview={
        data.outcome === "credit"
          ? `A credit of ${money(data.cents)}`
          : `${money(data.cents)} is on its way back`
      }
    >
      <EmailHeading>
        {data.outcome === "cohort"
          ? "This workshop is cancelled"
          : "Your registration is cancelled"}
      </EmailHeading>
      <Paragraph
        text={`Hi ${data.name},\n\n${data.outcome === "cohort" ? `${data.title} (${data.when}, ${data.place}) will not take place.` : `Your seat at ${data.title} (${data.when}, ${data.place}) is cancelled and offered to the next person waiting.`} ${cancelledLine(data)}`}
      />
      {data.invite && (
        <Paragraph text="The invite attached takes the workshop days off your calendar." />
      )}
      <Paragraph text={signOff(data.contactEmail)} />
    </EmailLayout>
  ),
  attachments: (data) => (data.invite ? inviteAttachment(data.invite, "CANCEL") : []),
});

/** The cohort moved (dates or place): the new days, and the invite that replaces the old one. */
export const workshopChangedTemplate = defineEmailTemplate({
  name: "workshop-changed",
  schema: z.object({
    ...cohortFacts,
    name: z.string(),
    /** The dates and place the attendee had: "May 4-6, 2027, Boulder, CO (The Riverside)". */
    was: z.string(),
    hours: z.string(),
    invite: z.string(),
    cancelUrl: z.string(),
    contactEmail: z.string(),
  }),
  subject: (data) => `Changed: ${data.title} is now ${data.when}`,
  body: (data) => (
    <EmailLayout preview={`Now ${data.when}, ${data.place}`}>
      <EmailHeading>{`${data.title} has changed`}</EmailHeading>
      <Paragraph
        text={`Hi ${data.name},\n\nThe workshop you registered for has new dates or a new place. Your seat is kept; it was ${data.was}.`}
      />
      <Panel text={`Now:\n${data.when}\n${data.hours}\n${data.place}`} />
      <Paragraph text="The invite attached moves the days in your calendar; it replaces the earlier one." />
      <Paragraph text={signOff(data.contactEmail)} />
      <CancelLink cancelUrl={data.cancelUrl} />
    </EmailLayout>
  ),
  attachments: (data) => inviteAttachment(data.invite),
});

export type { CohortFacts };
