import { MONEY_BACK_GUARANTEE_DAYS } from "~/lib/catalog";

/** Every word of the purchase page (/buy-now) the owner may edit. */
export const buyNowContent = {
  title: "Complete Your Purchase",
  lead: "Choose what you would like, tell us where to send it, and pay securely by card.",
  comingSoon: {
    badge: "Coming Soon",
    title: "Purchasing opens soon",
    text: "The book and the Sales Breakthrough Hour are not on sale yet. Leave your email and we will tell you the moment they are available.",
  },
  waitlist: {
    title: "Notify me when it's available",
    label: "Email address",
    placeholder: "you@example.com",
    button: "Notify Me",
    pending: "Sending...",
    consent:
      "We will email you a link to confirm, then one message when purchasing opens. Nothing else.",
    sent: "Thank you! Check your inbox and confirm your address to join the list.",
    tooMany: "Too many signups from your connection. Please try again in a few minutes.",
    failed: "Your signup did not reach us. Please check your connection and try again.",
  },
  formatPicker: {
    title: "Choose Your Format",
    lead: "Select one or both; your total is the sum of what you choose.",
  },
  contact: {
    title: "Contact Information",
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email Address",
    emailPlaceholder: "you@example.com",
    emailHint: "Your receipt and download link are sent here.",
  },
  address: {
    title: "Billing Address",
    street: "Street Address",
    suite: "Apartment, Suite (optional)",
    city: "City",
    state: "State",
    zipCode: "ZIP Code",
    country: "Country",
    required: "This field is required.",
  },
  paymentMethod: {
    title: "Payment Method",
    card: "Credit or Debit Card",
    brands: ["Visa", "Mastercard", "American Express", "Discover"],
    fees: "No additional fees",
  },
  cardDetails: {
    title: "Card Details",
    note: "You enter your card on Stripe's secure checkout page; it never touches this site.",
    cardNumber: { label: "Card Number", placeholder: "1234 5678 9012 3456" },
    expiryDate: { label: "Expiry Date", placeholder: "MM/YY" },
    cvv: { label: "CVV", placeholder: "123" },
    zipCode: { label: "ZIP Code", placeholder: "12345" },
  },
  summary: {
    title: "Order Summary",
    empty: "No format selected yet.",
    subtotal: "Subtotal",
    tax: "Tax",
    shipping: "Shipping",
    shippingValue: "Free",
    total: "Total",
  },
  purchaseButton: {
    live: "Complete Purchase",
    closed: "Coming Soon",
    pending: "Redirecting to checkout...",
  },
  guarantee: {
    title: `${MONEY_BACK_GUARANTEE_DAYS}-Day Money-Back Guarantee`,
    text: `If the book or the session is not what you hoped for, email us within ${MONEY_BACK_GUARANTEE_DAYS} days for a full refund.`,
  },
  secureNote: "Payments are processed securely by Stripe.",
} as const;
