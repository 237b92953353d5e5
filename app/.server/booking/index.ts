/** What the routes and other capabilities may use of booking. */
import type { DefinedEmailTemplate } from "../mail/templates/email-template";
import {
  bookingCancelledTemplate,
  bookingConfirmedTemplate,
  bookingHoldConfirmationTemplate,
  bookingOwnerChangeTemplate,
  bookingOwnerNotificationTemplate,
  bookingReminderTemplate,
  bookingRescheduledTemplate,
  unbookedSessionReminderTemplate,
} from "./emails/booking-email-templates";

export { orderBookingUrl } from "./sessions/booking-links";
export { confirmIntroCall, introCallLinkState, requestIntroCall } from "./sessions/intro-calls";
export type {
  IntroCallConfirmation,
  IntroCallLinkState,
  IntroCallOutcome,
} from "./sessions/intro-calls";
export { currentInvite } from "./sessions/invite-file";
export { openSlots } from "./slots/open-slots";
export { bookPaidSession, paidSessionState } from "./sessions/paid-sessions";
export type { PaidSessionOutcome, PaidSessionState } from "./sessions/paid-sessions";
export { sessionTimeLabel, slotDays, zoneLabel, type SlotDay } from "./slots/slot-labels";
export { type BookingSummary } from "./sessions/booking-summary";
export { calendarInvite } from "./sessions/calendar-invite";
export { bookingPageData, type BookingPageData } from "./slots/booking-page";
export { cancelBooking, rescheduleBooking } from "./sessions/reschedule-and-cancel";
export { saveAvailability } from "./slots/availability-settings";
export { bookingConsole } from "./sessions/booking-console";
export { ownerCalendar, type CalendarDay } from "./owner-calendar/owner-calendar";
export {
  nextSessions,
  ordersAwaitingSession,
  ownerSession,
  ownerSessions,
  type OwnerSession,
} from "./sessions/owner-sessions";
export { changeSessionAsOwner, type OwnerChangeOutcome } from "./sessions/owner-session-actions";
export {
  bookerLinkState,
  bookerLinkStatus,
  bookerReschedulePage,
  changeSessionAsBooker,
  type BookerChangeOutcome,
  type BookerLinkState,
} from "./sessions/booker-link-changes";
export { sendDueReminders } from "./reminders/booking-reminders";
export { newFeedAddress, ownerFeed, stopFeed } from "./owner-calendar/owner-feed";
export {
  busyCalendarStatus,
  refreshBusyTimes,
  saveBusyCalendarUrl,
} from "./owner-calendar/busy-times";

/** The booking's emails, registered with the mail engine by the wiring. */
export const bookingEmailTemplates = [
  bookingCancelledTemplate,
  bookingConfirmedTemplate,
  bookingHoldConfirmationTemplate,
  bookingOwnerChangeTemplate,
  bookingOwnerNotificationTemplate,
  bookingReminderTemplate,
  bookingRescheduledTemplate,
  unbookedSessionReminderTemplate,
] as DefinedEmailTemplate[];
