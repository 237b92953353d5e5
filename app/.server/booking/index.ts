/** What the routes and other capabilities may use of booking. */
export { orderBookingUrl } from "./booking-links";
export { confirmIntroCall, requestIntroCall } from "./intro-calls";
export type { IntroCallConfirmation, IntroCallOutcome } from "./intro-calls";
export { currentInvite } from "./invite-file";
export { openSlots } from "./open-slots";
export { bookPaidSession, paidSessionState } from "./paid-sessions";
export type { PaidSessionOutcome, PaidSessionState } from "./paid-sessions";
export { sessionTimeLabel, slotDays, type SlotDay } from "./slot-labels";
export { isTimeZone } from "./zoned-time";
export { bookingPageData, type BookingPageData } from "./booking-page";
export { cancelBooking, rescheduleBooking } from "./booking-changes";
export { saveAvailability } from "./availability-settings";
export { bookingConsole } from "./booking-console";
export { ownerCalendar, type CalendarDay } from "./owner-calendar";
export {
  nextSessions,
  ordersAwaitingSession,
  ownerSession,
  ownerSessions,
  type OwnerSession,
} from "./owner-sessions";
export { changeSessionAsOwner, type OwnerChangeOutcome } from "./owner-session-actions";
export { eraseBookingsOf } from "./booking-erasure";
export {
  bookerLinkState,
  bookerLinkStatus,
  bookerReschedulePage,
  changeSessionAsBooker,
  type BookerChangeOutcome,
  type BookerLinkState,
} from "./booker-changes";
export { sendDueReminders } from "./booking-reminders";
export { newFeedAddress, ownerFeed, stopFeed } from "./owner-feed";
export { busyCalendarStatus, refreshBusyTimes, saveBusyCalendarUrl } from "./busy-times";
