import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Panel, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

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
  /** The booker's own move and cancel links, while the owner's cut-off is ahead. */
  rescheduleUrl?: string;
  cancelUrl?: string;
};
const bookerFacts = {
  name: z.string(),
  meetingUrl: z.string(),
  inviteUrl: z.string(),
  contactEmail: z.string(),
  rescheduleUrl: z.string().optional(),
  cancelUrl: z.string().optional(),
};

/** The booker's own way to move or cancel, shown only while they still may. */
function ChangeLinks({ rescheduleUrl, cancelUrl }: BookerFacts) {
  if (!rescheduleUrl || !cancelUrl) return null;
  return (
    <>
      <Paragraph text="Need another time? Move or cancel the session yourself:" />
      <ActionButton href={rescheduleUrl} label="Choose another time" />
      <ActionButton href={cancelUrl} label="Cancel the session" />
    </>
  );
}

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
      <ChangeLinks {...props} />
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
      <ChangeLinks {...props} />
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

type OwnerChangeProps = SessionFacts &
  InviteFile & {
    change: "rescheduled" | "cancelled";
    name: string;
    email: string;
    inviteUrl: string;
  };

/** Tells the owner the booker moved or cancelled the session through their own link. */
export function BookingOwnerChange(props: OwnerChangeProps) {
  const moved = props.change === "rescheduled";
  return (
    <EmailLayout preview={`${props.name} ${moved ? "moved" : "cancelled"}: ${props.when}`}>
      <EmailHeading>{`${props.title} ${moved ? "moved" : "cancelled"} by ${props.name}`}</EmailHeading>
      <Panel
        text={`${moved ? "New time" : "Cancelled"}: ${props.when}, ${props.minutes} minutes\n${props.name} <${props.email}>`}
      />
      <Paragraph text="The attached invite updates your calendar; the link serves it too:" />
      <ActionButton href={props.inviteUrl} label="Update my calendar" />
    </EmailLayout>
  );
}

export const bookingOwnerChangeTemplate = defineEmailTemplate({
  name: "booking-owner-change",
  schema: z.object({
    ...sessionFacts,
    ...inviteFile,
    change: z.enum(["rescheduled", "cancelled"]),
    name: z.string(),
    email: z.string(),
    inviteUrl: z.string(),
  }),
  subject: (data) =>
    `${data.change === "rescheduled" ? "Moved" : "Cancelled"} by ${data.name}: ${data.title}, ${data.when}`,
  body: (data) => <BookingOwnerChange {...data} />,
  attachments: inviteAttachment,
});

export function bookingOwnerChangeEmail(props: OwnerChangeProps) {
  return bookingOwnerChangeTemplate.compose(props);
}

type ReminderProps = SessionFacts &
  BookerFacts & {
    /** How far ahead the reminder comes: a day, or an hour. */
    lead: "24h" | "1h";
  };

/** A day and an hour before a session: the time, the call, the invite, and the booker's links. */
export function BookingReminder(props: ReminderProps) {
  const soon = props.lead === "1h" ? "starts in an hour" : "is tomorrow";
  return (
    <EmailLayout preview={`Your ${props.title.toLowerCase()} ${soon}: ${props.when}`}>
      <EmailHeading>{`Your ${props.title} ${soon}`}</EmailHeading>
      <Paragraph text={`Hi ${props.name},`} />
      <Panel text={`${props.title}, ${props.minutes} minutes\n${props.when}`} />
      <Paragraph text="Join the video call at the time with this link:" />
      <ActionButton href={props.meetingUrl} label="Join the call" />
      <Paragraph text="The calendar invite, if it is not in your calendar yet:" />
      <ActionButton href={props.inviteUrl} label="Add to my calendar" />
      <ChangeLinks {...props} />
      <Paragraph text={`Questions? Write to ${props.contactEmail}.\n— ${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const bookingReminderTemplate = defineEmailTemplate({
  name: "booking-reminder",
  schema: z.object({ ...sessionFacts, ...bookerFacts, lead: z.enum(["24h", "1h"]) }),
  subject: (data) =>
    `${data.lead === "1h" ? "In an hour" : "Tomorrow"}: ${data.title}, ${data.when}`,
  body: (data) => <BookingReminder {...data} />,
});

export function bookingReminderEmail(props: ReminderProps) {
  return bookingReminderTemplate.compose(props);
}

type UnbookedOrderProps = { name: string; bookingUrl: string; contactEmail: string };

/** Two days after payment, once: the buyer has not chosen the time of their session yet. */
export function UnbookedSessionReminder(props: UnbookedOrderProps) {
  return (
    <EmailLayout preview="Choose the time of your Sales Breakthrough Hour">
      <EmailHeading>Choose the time of your session</EmailHeading>
      <Paragraph text={`Hi ${props.name},`} />
      <Paragraph text="Your Sales Breakthrough Hour is paid, and its time is still open. Choose the time that suits you; the confirmation brings the meeting link and a calendar invite." />
      <ActionButton href={props.bookingUrl} label="Choose my time" />
      <Paragraph text={`Questions? Write to ${props.contactEmail}.\n— ${siteConfig.author.name}`} />
    </EmailLayout>
  );
}

export const unbookedSessionReminderTemplate = defineEmailTemplate({
  name: "booking-unbooked-reminder",
  schema: z.object({ name: z.string(), bookingUrl: z.string(), contactEmail: z.string() }),
  subject: () => "Choose the time of your Sales Breakthrough Hour",
  body: (data) => <UnbookedSessionReminder {...data} />,
});

export function unbookedSessionReminderEmail(props: UnbookedOrderProps) {
  return unbookedSessionReminderTemplate.compose(props);
}
