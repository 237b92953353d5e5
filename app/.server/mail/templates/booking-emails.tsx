import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Panel, Paragraph } from "./email-blocks";
import { EmailLayout } from "./email-layout";
import { renderEmail } from "./render-email";

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

export function bookingHoldConfirmationEmail(props: HoldConfirmationProps) {
  return renderEmail(
    `Please confirm your ${props.title.toLowerCase()}`,
    <BookingHoldConfirmation {...props} />,
  );
}

type ConfirmedProps = SessionFacts & {
  name: string;
  meetingUrl: string;
  inviteUrl: string;
  contactEmail: string;
};

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

export function bookingConfirmedEmail(props: ConfirmedProps) {
  return renderEmail(`Booked: ${props.title}, ${props.when}`, <BookingConfirmed {...props} />);
}

type OwnerNotificationProps = SessionFacts & {
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

export function bookingOwnerNotificationEmail(props: OwnerNotificationProps) {
  return renderEmail(
    `New booking: ${props.title} with ${props.name}, ${props.when}`,
    <BookingOwnerNotification {...props} />,
  );
}

type RescheduledProps = SessionFacts & {
  name: string;
  meetingUrl: string;
  inviteUrl: string;
  contactEmail: string;
};

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

export function bookingRescheduledEmail(props: RescheduledProps) {
  return renderEmail(`New time: ${props.title}, ${props.when}`, <BookingRescheduled {...props} />);
}

type CancelledProps = SessionFacts & {
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

export function bookingCancelledEmail(props: CancelledProps) {
  return renderEmail(`Cancelled: ${props.title}, ${props.when}`, <BookingCancelled {...props} />);
}
