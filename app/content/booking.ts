import { minutesText } from "~/lib/booking-summary";

/** The words of the booking pages. */
export const bookingContent = {
  intro: {
    title: "Book a free intro call",
    lead: "A short video call to see whether the Sales Breakthrough Hour, the workshop or corporate training fits you.",
    submit: "Hold this time",
    held: {
      title: "Check your email",
      text: (hold: { minutes: number; until: string }) =>
        `We hold this time for you for ${minutesText(hold.minutes)}, until ${hold.until}: confirm it with the link we just sent. Until you do, nothing is booked.`,
      emailNote: "The confirmation link went to",
      lapseNote:
        "If the email does not come (look in the spam folder too), the hold lapses on its own and the time is free again: you can then",
    },
  },
  paid: {
    title: "Book your Sales Breakthrough Hour",
    lead: "Choose the time of your 60-minute one-to-one video session.",
    submit: "Book this time",
    booked: {
      title: "Your session is booked",
      text: "The confirmation with the meeting link and a calendar invite is on its way to your inbox.",
    },
    invalidLink:
      "This booking link is not valid. Use the link from your receipt, or write to us through the contact page.",
    notBookable:
      "This order has no session to book (it is not paid, was refunded, or did not include the Sales Breakthrough Hour).",
  },
  confirm: {
    title: "Confirm your intro call",
    confirmedTitle: "Your intro call is booked",
    lapsedTitle: "This hold has lapsed",
    cancelledTitle: "This intro call was cancelled",
    invalidTitle: "This link does not work",
    lead: "Press the button to book this time. Until you do, it is only held.",
    button: "Confirm my booking",
    confirmed:
      "Your intro call is booked. The confirmation with the meeting link and a calendar invite is on its way to your inbox.",
    alreadyConfirmed:
      "This link was already used: your intro call is booked. The confirmation with the meeting link and a calendar invite went to your inbox.",
    emailNote: "The confirmation went to",
    lapsed:
      "This hold has lapsed and the time was released, so nothing was booked. Please choose a time again.",
    cancelled: "This intro call was cancelled: there is nothing left to confirm.",
    invalidLink: "This confirmation link is not valid.",
  },
  change: {
    rescheduleTitle: "Move your session",
    rescheduleLead: "Choose another time of the same length.",
    rescheduledTitle: "Your session is moved",
    rescheduleSubmit: "Move to this time",
    unchanged:
      "That is already your session's time: nothing changed and no email was sent. Choose another time to move it.",
    rescheduled:
      "Your session has its new time. The email with the updated calendar invite is on its way.",
    rescheduledEmailNote: "The updated invite went to",
    cancelTitle: "Cancel your session",
    cancelledTitle: "Your session is cancelled",
    cancelLead: "The time is released and the calendar invite removes the event.",
    cancelSubmit: "Cancel the session",
    cancelled:
      "Your session is cancelled. The email with the updated calendar invite is on its way.",
    cancelledEmailNote: "The cancellation went to",
    sessionEmailNote: "Its emails go to",
    wasCancelled: "This session is cancelled: there is nothing left to change.",
    closed:
      "This session can no longer be changed online: it is too close to its start, or it has taken place. Please write through the contact page and we will sort it out together.",
    invalidLink:
      "This link is not valid. Use the link from your booking email, or write to us through the contact page.",
  },
  outcomes: {
    taken: "That time was just taken. Here are the times free now: please choose another.",
    unavailable:
      "That time is not open for booking (outside the hours, too soon, or past). Please choose one of the times shown.",
    alreadyBooked: "This order's session is already booked: each order books one session.",
    rateLimited: "Too many booking requests from here. Please wait a few minutes and try again.",
    unknownZone:
      "That time zone does not exist: times are shown in the host's time zone. Choose yours from the list.",
  },
} as const;
