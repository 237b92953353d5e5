import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Panel, Paragraph } from "./email-blocks";
import { EmailLayout } from "./email-layout";
import { defineEmailTemplate } from "./email-template";

/** A booked session as the emails tell it: times already written in the reader's zone. */
type SessionFacts = {
  title: string;
  /** "Tuesday, June 2, 2026 at 9:30 PM (Asia/Kolkata)" */
  when: string;
  minutes: number;
};

type HoldConfirmationProps = SessionFacts & {
  name: string;
  confirmUrl: string;
  holdMinutes: number;
};

/** A free booking holds its time only until the booker confirms the address. */
export function BookingHoldConfirmation(props: HoldConfirmationProps) {
  return (
    <EmailLayout preview={`Confirm your ${props.title.toLowerCase()}: ${props.when}`}>
      <EmailHeading>{`Confirm your ${props.title.toLowerCase()}`}</EmailHeading>
      <Paragraph
        text={`Hi ${props.name},\n\nYou asked for a ${props.minutes}-minute ${props.title.toLowerCase()} on ${props.when}. We keep that time for you for ${props.holdMinutes} minutes: confirm it with the button below.`}
      />
      <ActionButton href={props.confirmUrl} label="Confirm my booking" />
      <Paragraph text="If you did not ask for this, ignore this email: the time is released and you will not hear from us." />
    </EmailLayout>
  );
}

const sessionFacts = { title: z.string(), when: z.string(), minutes: z.number() };

/** What every email to a booker of a held session gives them: the call, the invite, a contact. */
type BookerFacts = {
  name: string;
  meetingUrl: string;
  inviteUrl: string;
  contactEmail: string;
};
const bookerFacts = {
  name: z.string(),
  meetingUrl: z.string(),
  inviteUrl: z.string(),
  contactEmail: z.string(),
};

/** The booking's invite as it stood when the email was queued (RFC 5545 text). */
type InviteFile = { invite?: string };
const inviteFile = { invite: z.string().optional() };

/** The `.ics` a booking email carries, so a calendar adds, moves or removes the event at once. */
function inviteAttachment({ invite }: InviteFile) {
  if (!invite) return [];
  const method = /^METHOD:(\w+)/m.exec(invite)?.[1] ?? "REQUEST";
  return [
    {
      filename: "invite.ics",
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: invite,
    },
  ];
}

export const bookingHoldConfirmationTemplate = defineEmailTemplate({
  name: "booking-hold-confirmation",
  schema: z.object({
    ...sessionFacts,
    name: z.string(),
    confirmUrl: z.string(),
    holdMinutes: z.number(),
  }),
  subject: (data) => `Please confirm your ${data.title.toLowerCase()}`,
  body: (data) => <BookingHoldConfirmation {...data} />,
});

export function bookingHoldConfirmationEmail(props: HoldConfirmationProps) {
  return bookingHoldConfirmationTemplate.compose(props);
}

type ConfirmedProps = SessionFacts & InviteFile & BookerFacts;

/** The booker's confirmation, with the meeting link and the calendar invite. */
export function BookingConfirmed(props: ConfirmedProps) {
  return (
    <EmailLayout preview={`Booked: ${props.when}`}>
      <EmailHeading>{`Your ${props.title} is booked`}</EmailHeading>
      <Paragraph text={`Hi ${props.name},`} />
      <Panel text={`${props.title}, ${props.minutes} minutes\n${props.when}`} />
      <Paragraph text="Join the video call at the time with this link:" />
      <ActionButton href={props.meetingUrl} label="Join the call" />
      <Paragraph text="Add it to your calendar; the invite updates itself if the time changes:" />
      <ActionButton href={props.inviteUrl} label="Add to my calendar" />
      <Paragraph text={`Questions? Write to ${props.contactEmail}.\n— ${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const bookingConfirmedTemplate = defineEmailTemplate({
  name: "booking-confirmed",
  schema: z.object({
    ...sessionFacts,
    ...inviteFile,
    ...bookerFacts,
  }),
  subject: (data) => `Booked: ${data.title}, ${data.when}`,
  body: (data) => <BookingConfirmed {...data} />,
  attachments: inviteAttachment,
});

export function bookingConfirmedEmail(props: ConfirmedProps) {
  return bookingConfirmedTemplate.compose(props);
}

type OwnerNotificationProps = SessionFacts &
  InviteFile & {
    name: string;
    email: string;
    meetingUrl: string;
    inviteUrl: string;
    orderId: string | null;
  };

/** Tells the owner a session was booked, in the owner's zone. */
export function BookingOwnerNotification(props: OwnerNotificationProps) {
  return (
    <EmailLayout preview={`${props.name}: ${props.when}`}>
      <EmailHeading>{`New booking: ${props.title}`}</EmailHeading>
      <Panel
        text={`${props.when}, ${props.minutes} minutes\n${props.name} <${props.email}>${props.orderId ? `\nOrder ${props.orderId}` : ""}`}
      />
      <ActionButton href={props.meetingUrl} label="Join the call" />
      <ActionButton href={props.inviteUrl} label="Add to my calendar" />
    </EmailLayout>
  );
}

export const bookingOwnerNotificationTemplate = defineEmailTemplate({
  name: "booking-owner-notification",
  schema: z.object({
    ...sessionFacts,
    ...inviteFile,
    name: z.string(),
    email: z.string(),
    meetingUrl: z.string(),
    inviteUrl: z.string(),
    orderId: z.string().nullable(),
  }),
  subject: (data) => `New booking: ${data.title} with ${data.name}, ${data.when}`,
  body: (data) => <BookingOwnerNotification {...data} />,
  attachments: inviteAttachment,
});

export function bookingOwnerNotificationEmail(props: OwnerNotificationProps) {
  return bookingOwnerNotificationTemplate.compose(props);
}

type RescheduledProps = SessionFacts & InviteFile & BookerFacts;

/** The booker's session moved: the new time, and the invite that updates their calendar. */
export function BookingRescheduled(props: RescheduledProps) {
  return (
    <EmailLayout preview={`New time: ${props.when}`}>
      <EmailHeading>{`Your ${props.title} has a new time`}</EmailHeading>
      <Paragraph text={`Hi ${props.name},`} />
      <Panel text={`${props.title}, ${props.minutes} minutes\n${props.when}`} />
      <Paragraph text="The video call link stays the same:" />
      <ActionButton href={props.meetingUrl} label="Join the call" />
      <Paragraph text="Open the invite again to move the event in your calendar:" />
      <ActionButton href={props.inviteUrl} label="Update my calendar" />
      <Paragraph text={`Questions? Write to ${props.contactEmail}.\n— ${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const bookingRescheduledTemplate = defineEmailTemplate({
  name: "booking-rescheduled",
  schema: z.object({
    ...sessionFacts,
    ...inviteFile,
    ...bookerFacts,
  }),
  subject: (data) => `New time: ${data.title}, ${data.when}`,
  body: (data) => <BookingRescheduled {...data} />,
  attachments: inviteAttachment,
});

export function bookingRescheduledEmail(props: RescheduledProps) {
  return bookingRescheduledTemplate.compose(props);
}

type CancelledProps = SessionFacts &
  InviteFile & {
    name: string;
    inviteUrl: string;
    bookAgainUrl: string;
    contactEmail: string;
  };

/** The booker's session is cancelled: the invite removes the event, and a way to book again. */
export function BookingCancelled(props: CancelledProps) {
  return (
    <EmailLayout preview={`Cancelled: ${props.when}`}>
      <EmailHeading>{`Your ${props.title} is cancelled`}</EmailHeading>
      <Paragraph text={`Hi ${props.name},`} />
      <Panel text={`Cancelled: ${props.title}, ${props.minutes} minutes\n${props.when}`} />
      <Paragraph text="Open the invite again to remove the event from your calendar:" />
      <ActionButton href={props.inviteUrl} label="Update my calendar" />
      <Paragraph text="Choose another time whenever it suits you:" />
      <ActionButton href={props.bookAgainUrl} label="Book another time" />
      <Paragraph text={`Questions? Write to ${props.contactEmail}.\n— ${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const bookingCancelledTemplate = defineEmailTemplate({
  name: "booking-cancelled",
  schema: z.object({
    ...sessionFacts,
    ...inviteFile,
    name: z.string(),
    inviteUrl: z.string(),
    bookAgainUrl: z.string(),
    contactEmail: z.string(),
  }),
  subject: (data) => `Cancelled: ${data.title}, ${data.when}`,
  body: (data) => <BookingCancelled {...data} />,
  attachments: inviteAttachment,
});

export function bookingCancelledEmail(props: CancelledProps) {
  return bookingCancelledTemplate.compose(props);
}
