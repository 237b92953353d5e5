/** The words of the booking pages. */
export const bookingContent = {
  intro: {
    title: "Book a free intro call",
    lead: "A short video call to see whether the Sales Breakthrough Hour, the workshop or corporate training fits you. Times are shown in your time zone.",
    submit: "Hold this time",
    held: {
      title: "Check your email",
      text: "We hold the time for you for a few minutes: confirm it with the link we just sent. Until you do, nothing is booked.",
    },
  },
  paid: {
    title: "Book your Sales Breakthrough Hour",
    lead: "Choose the time of your 60-minute one-to-one video session. Times are shown in your time zone.",
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
    invalidTitle: "This link does not work",
    button: "Confirm my booking",
    confirmed:
      "Your intro call is booked. The confirmation with the meeting link and a calendar invite is on its way to your inbox.",
    lapsed: "This hold has lapsed and the time was released. Please choose a time again.",
    invalidLink: "This confirmation link is not valid.",
  },
  change: {
    rescheduleTitle: "Move your session",
    rescheduleLead: "Choose another time of the same length. Times are shown in your time zone.",
    rescheduleSubmit: "Move to this time",
    unchanged:
      "That is already your session's time: nothing changed and no email was sent. Choose another time to move it.",
    rescheduled:
      "Your session has its new time. The email with the updated calendar invite is on its way.",
    cancelTitle: "Cancel your session",
    cancelLead: "The time is released and the calendar invite removes the event.",
    cancelSubmit: "Cancel the session",
    cancelled:
      "Your session is cancelled. The email with the updated calendar invite is on its way.",
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
      "That time zone does not exist: times are shown in the owner's time zone. Choose yours from the list.",
  },
} as const;
