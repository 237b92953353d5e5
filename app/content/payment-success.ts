/** Every word of the checkout return page (/payment-success) the owner may edit. */
export const paymentSuccessContent = {
  title: "Payment Successful!",
  lead: "Thank you for your purchase. A receipt is on its way to your inbox.",
  summary: { title: "Order Summary", orderId: "Order ID", format: "Format", amount: "Amount" },
  scheduling: {
    title: "Schedule Your Sales Breakthrough Hour",
    text: "You will receive an email within 24 hours with a calendar link to schedule your 60-minute one-to-one video session. The session is recorded so you can return to it.",
    button: "Check Your Email",
    calendar: "Or choose a time now",
    toast: {
      title: "Check your inbox",
      description:
        "Your scheduling email comes from us within 24 hours; look in spam if it has not arrived.",
    },
  },
  download: {
    title: "Download Your PDF",
    text: "A download link has also been sent to your email.",
    button: "Download PDF Now",
    limits:
      "The link works a limited number of times and expires; you can ask for a fresh one below.",
    pendingToast: {
      title: "Your download link is in your email",
      description: "Open the receipt we sent you and use its download link.",
    },
  },
  reissue: {
    title: "Need a fresh download link?",
    text: "Enter the email address you bought with and we will send a new link to it.",
    label: "Email address",
    button: "Send New Link",
    pending: "Sending...",
    sent: "If that address matches this order, a fresh download link is on its way to it.",
    failed: "Your request did not reach us. Please check your connection and try again.",
  },
  refunded: {
    title: "This order was refunded",
    text: "The payment was returned to you, so the download link no longer works. Questions? Contact support.",
  },
  unknown: {
    title: "We could not find this payment",
    text: "This checkout link does not match any completed payment. If you were charged, contact support with your receipt and we will sort it out.",
  },
  unpaid: {
    title: "Your payment has not completed",
    text: "No payment has been taken for this checkout yet. You can return to the purchase page and try again.",
    retry: "Return to Purchase",
  },
  unavailable: {
    title: "We could not confirm your payment just now",
    text: "Our payment provider did not answer. Please refresh this page in a minute; your receipt email is on its way either way.",
  },
  contactSupport: "Contact Support",
  backHome: "Back to Home",
} as const;
