import { registerSiteEmails } from "~/.server/server/wiring/site-emails";
import { personalise, renderBroadcast } from "~/.server/broadcasts/broadcast-content";
import { adminSignInLink } from "~/.server/admin/emails/admin-sign-in-link";
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingHoldConfirmationEmail,
  bookingOwnerChangeEmail,
  bookingOwnerNotificationEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  unbookedSessionReminderEmail,
} from "~/.server/booking/emails/booking-email-templates";
import {
  broadcastAttentionEmail,
  broadcastOverdueEmail,
} from "~/.server/broadcasts/emails/broadcast-attention";
import { contactAcknowledgement } from "~/.server/leads/emails/contact-acknowledgement";
import { contactOwnerNotification } from "~/.server/leads/emails/contact-owner-notification";
import { downloadLinkEmail } from "~/.server/sales/emails/download-link";
import { newsletterConfirmation } from "~/.server/audience/emails/newsletter-confirmation";
import { newsletterWelcome } from "~/.server/audience/emails/newsletter-welcome";
import { dealMessageTemplate } from "~/.server/deals/emails/deal-message";
import { nextStepDueTemplate } from "~/.server/deals/emails/next-step-due";
import {
  proposalAcceptedCopyTemplate,
  proposalAcceptedTemplate,
  proposalSentTemplate,
} from "~/.server/deals/emails/proposal-emails";
import { depositPaidTemplate, depositReceiptTemplate } from "~/.server/deals/emails/deposit-emails";
import { purchaseReceiptEmail } from "~/.server/sales/emails/purchase-receipt";
import type { EmailContent } from "~/.server/mail/templates/render-email";
import { renderTemplatedEmail } from "~/.server/mail/templates/template-registry";
import { saleNotificationEmail } from "~/.server/sales/emails/sale-notification";
import { sessionSchedulingEmail } from "~/.server/sales/emails/session-scheduling";
import {
  nowAvailableEmail,
  waitlistConfirmationEmail,
} from "~/.server/audience/emails/waitlist-emails";
import type { ContactMessage } from "~/lib/contact-message-schema";
import { orderItemsFromCatalog } from "~/.server/sales/order-items";
import {
  workshopBalanceRequestTemplate,
  workshopCancelledTemplate,
  workshopChangedTemplate,
  workshopConfirmationTemplate,
  workshopReceiptTemplate,
  workshopReminderTemplate,
  workshopRefundApologyTemplate,
  workshopSeatOfferTemplate,
  workshopWaitlistJoinedTemplate,
} from "~/.server/workshops/emails/workshop-emails";

// Every runner that draws these (Vitest, the Playwright layout spec) finds the templates registered.
registerSiteEmails();

const site = "https://presence.example";
/** A link whose text is its own long address, as authors paste them. */
const longAddress =
  "https://presence.example/articles/staying-present-under-pressure?utm_source=newsletter&utm_medium=email&utm_campaign=november-letter";
const unsubscribe = `${site}/lists/unsubscribe/unsub.token-1`;
const expiresAt = new Date("2026-12-01T12:00:00Z");
const bothItems = orderItemsFromCatalog(["pdf", "breakthrough-session"]);

/**
 * A visitor who types markup. The contact schema refuses markup already; the templates must not
 * depend on that, so this message skips it.
 */
export const hostileMessage: ContactMessage = {
  firstName: "Ada <b>",
  lastName: "Lovelace",
  email: "ada@example.com",
  company: "Engines & Sons",
  interest: "Corporate Training",
  message:
    'A workshop for 12?\n<script>alert("x")</script> & <a href="https://evil.example">win</a>',
};

export type EmailSample = {
  name: string;
  /** The file in a capability's `emails/` (`app/.server/<capability>/emails/`) that draws it. */
  template: string;
  render: () => Promise<EmailContent>;
  subject: string;
  /** Links the email must offer, in its HTML and its text part alike. */
  links: string[];
  /** Words the text part must carry. */
  text: string[];
  /** Newsletter emails: the personal unsubscribe link, also in List-Unsubscribe. */
  unsubscribe?: string;
  /** Broadcasts carry the full postal address (MAIL_POSTAL_ADDRESS) instead of the city. */
  postalLine?: string;
};

/** Every email the site sends, with the input a real send would give it. */
export const everyEmail: EmailSample[] = [
  {
    name: "contact-owner-notification",
    template: "contact-owner-notification",
    render: () =>
      renderTemplatedEmail(
        contactOwnerNotification(hostileMessage, new Date("2026-11-23T09:30:00Z")),
      ),
    subject: "New inquiry: Corporate Training from Ada <b> Lovelace",
    links: [],
    text: ["Company: Engines & Sons", '<script>alert("x")</script>', "within 48 hours"],
  },
  {
    name: "contact-acknowledgement",
    template: "contact-acknowledgement",
    render: () =>
      renderTemplatedEmail(
        contactAcknowledgement(hostileMessage, {
          contactEmail: "hello@presence.example",
          siteUrl: site,
        }),
      ),
    subject: "We received your message — Presence Selling",
    links: [],
    text: ["Hi Ada <b>,", "Corporate Training", "within 48 hours", "hello@presence.example"],
  },
  {
    name: "newsletter-confirmation",
    template: "newsletter-confirmation",
    render: () =>
      renderTemplatedEmail(
        newsletterConfirmation({
          firstName: "Grace",
          links: { confirm: `${site}/lists/confirm/confirm.token-1`, unsubscribe },
          validDays: 7,
        }),
      ),
    subject: "Please confirm your subscription to Presence Selling",
    links: [`${site}/lists/confirm/confirm.token-1`],
    text: ["Hi Grace,", "valid for 7 days"],
    unsubscribe,
  },
  {
    name: "newsletter-welcome",
    template: "newsletter-welcome",
    render: () =>
      renderTemplatedEmail(
        newsletterWelcome({
          firstName: "Grace",
          links: { unsubscribe },
          guidesUrl: `${site}/all-resources`,
        }),
      ),
    subject: "Welcome to the Journey — Presence Selling",
    links: [`${site}/all-resources`],
    text: ["Your subscription is confirmed.", "With presence,"],
    unsubscribe,
  },
  {
    name: "waitlist-confirmation",
    template: "waitlist-emails",
    render: () =>
      renderTemplatedEmail(
        waitlistConfirmationEmail({ confirmUrl: `${site}/lists/confirm/wait.token-1`, expiresAt }),
      ),
    subject: "Confirm: tell me when No-Self Selling is available",
    links: [`${site}/lists/confirm/wait.token-1`],
    text: ["goes on sale", expiresAt.toUTCString()],
  },
  {
    name: "waitlist-now-available",
    template: "waitlist-emails",
    render: () => renderTemplatedEmail(nowAvailableEmail({ buyUrl: `${site}/buy-now` })),
    subject: "No-Self Selling is now available",
    links: [`${site}/buy-now`],
    text: ["now on sale", "the only email the waitlist sends"],
  },
  {
    name: "purchase-receipt",
    template: "purchase-receipt",
    render: () =>
      renderTemplatedEmail(
        purchaseReceiptEmail({
          orderReference: "cs_test_123",
          items: bothItems,
          amountPaidCents: 31499,
          download: { url: `${site}/downloads/book/book.token-1`, expiresAt, maxDownloads: 5 },
          successPageUrl: `${site}/payment-success?session_id=cs_test_123`,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Your Presence Selling receipt",
    links: [`${site}/downloads/book/book.token-1`],
    text: [
      "Order: cs_test_123",
      "PDF Download: $19.99",
      "Total paid: $314.99",
      "The link works 5 times",
      `${site}/payment-success?session_id=cs_test_123`,
      "30-day money-back guarantee",
    ],
  },
  {
    name: "download-link",
    template: "download-link",
    render: () =>
      renderTemplatedEmail(
        downloadLinkEmail({
          url: `${site}/downloads/book/book.token-2`,
          expiresAt,
          maxDownloads: 5,
        }),
      ),
    subject: "Your No-Self Selling download link",
    links: [`${site}/downloads/book/book.token-2`],
    text: ["It works 5 times", "Earlier links no longer work."],
  },
  {
    name: "session-scheduling",
    template: "session-scheduling",
    render: () =>
      renderTemplatedEmail(
        sessionSchedulingEmail({
          schedulingUrl: "https://calendar.example/breakthrough",
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Schedule your Sales Breakthrough Hour",
    links: ["https://calendar.example/breakthrough"],
    text: ["60-minute one-to-one video session, recorded", "0–15 minutes", "within 24 hours"],
  },
  {
    name: "booking-hold-confirmation",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingHoldConfirmationEmail({
          title: "Intro call",
          minutes: 20,
          when: "Tuesday, June 2, 2026 at 8:30 PM (Asia/Kolkata)",
          name: "Ada <b>",
          confirmUrl: `${site}/booking/confirm/confirm.token-2`,
          holdMinutes: 10,
        }),
      ),
    subject: "Please confirm your intro call",
    links: [`${site}/booking/confirm/confirm.token-2`],
    text: ["Hi Ada <b>,", "20-minute intro call", "8:30 PM (Asia/Kolkata)", "for 10 minutes"],
  },
  {
    name: "booking-confirmed",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingConfirmedEmail({
          title: "Sales Breakthrough Hour",
          minutes: 60,
          when: "Wednesday, June 3, 2026 at 1:30 AM (Australia/Lord Howe)",
          name: "Ada <b>",
          meetingUrl: "https://meet.jit.si/PresenceSelling-room",
          inviteUrl: `${site}/booking/invite/invite.token-3`,
          contactEmail: "hello@presence.example",
          rescheduleUrl: `${site}/booking/reschedule/move.token-4`,
          cancelUrl: `${site}/booking/cancel/cancel.token-5`,
        }),
      ),
    subject:
      "Booked: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 1:30 AM (Australia/Lord Howe)",
    links: [
      "https://meet.jit.si/PresenceSelling-room",
      `${site}/booking/reschedule/move.token-4`,
      `${site}/booking/cancel/cancel.token-5`,
    ],
    text: [
      "Hi Ada <b>,",
      "Sales Breakthrough Hour, 60 minutes",
      `${site}/booking/invite/invite.token-3`,
    ],
  },
  {
    name: "booking-owner-notification",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingOwnerNotificationEmail({
          title: "Intro call",
          minutes: 20,
          when: "Tuesday, June 2, 2026 at 9:00 AM (America/Denver)",
          name: "Ada <b>",
          email: "ada@example.com",
          meetingUrl: "https://meet.jit.si/PresenceSelling-room",
          inviteUrl: `${site}/booking/invite/invite.token-3`,
          orderId: "order-1",
        }),
      ),
    subject:
      "New booking: Intro call with Ada <b>, Tuesday, June 2, 2026 at 9:00 AM (America/Denver)",
    links: ["https://meet.jit.si/PresenceSelling-room", `${site}/booking/invite/invite.token-3`],
    text: ["Ada <b> <ada@example.com>", "Order order-1", "9:00 AM (America/Denver)"],
  },
  {
    name: "booking-rescheduled",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingRescheduledEmail({
          title: "Sales Breakthrough Hour",
          minutes: 60,
          when: "Thursday, June 4, 2026 at 10:30 PM (Asia/Kolkata)",
          name: "Ada <b>",
          meetingUrl: "https://meet.jit.si/PresenceSelling-room",
          inviteUrl: `${site}/booking/invite/invite.token-3`,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "New time: Sales Breakthrough Hour, Thursday, June 4, 2026 at 10:30 PM (Asia/Kolkata)",
    links: ["https://meet.jit.si/PresenceSelling-room", `${site}/booking/invite/invite.token-3`],
    text: ["Hi Ada <b>,", "Sales Breakthrough Hour, 60 minutes", "10:30 PM (Asia/Kolkata)"],
  },
  {
    name: "booking-cancelled",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingCancelledEmail({
          title: "Intro call",
          minutes: 20,
          when: "Tuesday, June 2, 2026 at 8:30 PM (Asia/Kolkata)",
          name: "Ada <b>",
          inviteUrl: `${site}/booking/invite/invite.token-3`,
          bookAgainUrl: `${site}/booking`,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Cancelled: Intro call, Tuesday, June 2, 2026 at 8:30 PM (Asia/Kolkata)",
    links: [`${site}/booking/invite/invite.token-3`, `${site}/booking`],
    text: ["Hi Ada <b>,", "Cancelled: Intro call, 20 minutes", "8:30 PM (Asia/Kolkata)"],
  },
  {
    name: "booking-owner-change",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingOwnerChangeEmail({
          title: "Sales Breakthrough Hour",
          minutes: 60,
          when: "Wednesday, June 3, 2026 at 11:00 AM (America/Denver)",
          change: "rescheduled",
          name: "Ada <b>",
          email: "ada@example.com",
          inviteUrl: `${site}/booking/invite/invite.token-3`,
        }),
      ),
    subject:
      "Moved by Ada <b>: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 11:00 AM (America/Denver)",
    links: [`${site}/booking/invite/invite.token-3`],
    text: ["New time: Wednesday, June 3, 2026 at 11:00 AM", "Ada <b> <ada@example.com>"],
  },
  {
    name: "booking-reminder",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        bookingReminderEmail({
          title: "Sales Breakthrough Hour",
          minutes: 60,
          when: "Wednesday, June 3, 2026 at 8:30 PM (Asia/Kolkata)",
          lead: "24h",
          name: "Ada <b>",
          meetingUrl: "https://meet.jit.si/PresenceSelling-room",
          inviteUrl: `${site}/booking/invite/invite.token-3`,
          contactEmail: "hello@presence.example",
          rescheduleUrl: `${site}/booking/reschedule/move.token-4`,
          cancelUrl: `${site}/booking/cancel/cancel.token-5`,
        }),
      ),
    subject: "Tomorrow: Sales Breakthrough Hour, Wednesday, June 3, 2026 at 8:30 PM (Asia/Kolkata)",
    links: [
      "https://meet.jit.si/PresenceSelling-room",
      `${site}/booking/invite/invite.token-3`,
      `${site}/booking/reschedule/move.token-4`,
      `${site}/booking/cancel/cancel.token-5`,
    ],
    text: ["Hi Ada <b>,", "Sales Breakthrough Hour, 60 minutes", "8:30 PM (Asia/Kolkata)"],
  },
  {
    name: "booking-unbooked-reminder",
    template: "booking-email-templates",
    render: () =>
      renderTemplatedEmail(
        unbookedSessionReminderEmail({
          name: "Ada <b>",
          bookingUrl: `${site}/booking/session/order.token-6`,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Choose the time of your Sales Breakthrough Hour",
    links: [`${site}/booking/session/order.token-6`],
    text: ["Hi Ada <b>,", "is paid, and its time is still open"],
  },
  {
    name: "sale-notification",
    template: "sale-notification",
    render: () =>
      renderTemplatedEmail(
        saleNotificationEmail({
          orderId: "order-1",
          sessionId: "cs_test_123",
          buyer: {
            email: "buyer@example.com",
            name: "Grace Hopper",
            address: { line1: "1 Main St", city: "Boulder", country: "US" },
          },
          items: bothItems,
          amountPaidCents: 31499,
        }),
      ),
    subject: "New sale: PDF Download + Sales Breakthrough Hour ($314.99)",
    links: [],
    text: [
      "Buyer: Grace Hopper <buyer@example.com>",
      "Billing address: 1 Main St, Boulder, US",
      "Paid: $314.99",
      "write to the buyer within 24 hours",
    ],
  },
  {
    name: "broadcast",
    template: "broadcast-email",
    render: async () => {
      const frozen = await renderBroadcast(
        {
          SITE_URL: site,
          MAIL_POSTAL_ADDRESS: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302",
        },
        {
          subject: "Presence at the close",
          previewText: "Three breaths before the ask",
          bodyMarkdown: [
            "# Presence at the close",
            "Hello **reader**, a [short article](https://presence.example/articles/close) & <b>more</b>.",
            "> Slow is smooth.",
            "1. Breathe\n2. Listen",
            "[Read the chapter](https://presence.example/book){button}",
            // A bare address is one long word: it must wrap inside a phone's width.
            `[${longAddress}](${longAddress})`,
          ].join("\n\n"),
        },
      );
      return { ...frozen, ...personalise({ SITE_URL: site }, frozen, "unsub.token-1") };
    },
    subject: "Presence at the close",
    links: [`${site}/articles/close`, `${site}/book`],
    text: ["Slow is smooth.", "& <b>more</b>", "Read the chapter"],
    postalLine: "Presence Selling LLC, 1942 Broadway Suite 314, Boulder, CO 80302",
    // A broadcast's link leaves the list that letter went to (its own page).
    unsubscribe: `${site}/newsletter/unsubscribe/unsub.token-1`,
  },
  {
    name: "admin-sign-in-link",
    template: "admin-sign-in-link",
    render: () =>
      renderTemplatedEmail(
        adminSignInLink({ link: `${site}/admin/sign-in/verify?token=once.abc`, validMinutes: 15 }),
      ),
    subject: "Sign in to the Presence Selling console",
    links: [`${site}/admin/sign-in/verify?token=once.abc`],
    text: ["works once, for 15 minutes", "If you did not ask, ignore this email."],
  },
  {
    name: "broadcast-attention",
    template: "broadcast-attention",
    render: () =>
      renderTemplatedEmail(
        broadcastAttentionEmail({
          subject: "Presence at the close <b>",
          headline: "Broadcast paused",
          detail: "The provider refused to send: 550 5.7.1 sending limit exceeded",
          next: "Nobody was marked bounced for this. Resume the broadcast in the console when the cause is fixed.",
          consoleUrl: `${site}/admin/broadcasts/b-1`,
        }),
      ),
    subject: "Broadcast paused: Presence at the close <b>",
    links: [`${site}/admin/broadcasts/b-1`],
    text: ["550 5.7.1 sending limit exceeded", "Nobody was marked bounced"],
  },
  {
    name: "broadcast-overdue",
    template: "broadcast-attention",
    render: () =>
      renderTemplatedEmail(
        broadcastOverdueEmail({
          subject: "Monday's webinar <b>",
          scheduledAt: new Date("2026-11-23T09:00:00Z"),
          foundAt: new Date("2026-11-23T11:30:00Z"),
          graceMinutes: 15,
          consoleUrl: `${site}/admin/broadcasts/b-2`,
        }),
      ),
    subject: "Broadcast held: it is overdue: Monday's webinar <b>",
    links: [`${site}/admin/broadcasts/b-2`],
    text: [
      "scheduled for 2026-11-23 09:00 UTC",
      "150 minutes later, past the 15-minute grace",
      "Nothing was sent.",
    ],
  },
  {
    name: "workshop-confirmation",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopConfirmationTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          hours: "9:00am to 5:00pm each day",
          contactEmail: "hello@presence.example",
          invite: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n",
          cancelUrl: `${site}/foundations-program/cancel/cancel.token-1`,
        }),
      ),
    subject: "You're registered: Presence-Based Selling Foundations, May 4–6, 2027",
    links: [`${site}/foundations-program/cancel/cancel.token-1`],
    text: ["Hi Ada,", "9:00am to 5:00pm each day", "The Riverside, Boulder, CO"],
  },
  {
    name: "workshop-receipt",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopReceiptTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          reference: "cs_test_1",
          paidCents: 250_000,
          priceCents: 1_449_500,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Receipt: Presence-Based Selling Foundations, $2,500",
    links: [],
    text: ["Paid: $2,500", "Balance due before the first day: $11,995", "cs_test_1"],
  },
  {
    name: "workshop-refund-apology",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopRefundApologyTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          refundedCents: 1_449_500,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Sorry: Presence-Based Selling Foundations filled up, your payment is refunded",
    links: [],
    text: ["We have refunded $14,495 in full", "You are on the waiting list"],
  },
  {
    name: "workshop-waitlist-joined",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopWaitlistJoinedTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "You're on the waiting list: Presence-Based Selling Foundations, May 4–6, 2027",
    links: [],
    text: ["Hi Ada,", "personal offer"],
  },
  {
    name: "workshop-seat-offer",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopSeatOfferTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          offerUrl: `${site}/foundations-program/offer/offer.token-1`,
          until: "Sunday, November 22 at 5:00 AM MST",
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "A seat is yours if you want it: Presence-Based Selling Foundations, May 4–6, 2027",
    links: [`${site}/foundations-program/offer/offer.token-1`],
    text: ["kept for you until Sunday, November 22 at 5:00 AM MST"],
  },
  {
    name: "workshop-balance-request",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopBalanceRequestTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          paidCents: 250_000,
          balanceCents: 1_199_500,
          payUrl: `${site}/foundations-program/balance/balance.token-1`,
          chase: false,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "The balance for Presence-Based Selling Foundations, May 4–6, 2027",
    links: [`${site}/foundations-program/balance/balance.token-1`],
    text: ["Paid: $2,500", "Balance due: $11,995"],
  },
  {
    name: "workshop-reminder",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopReminderTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          lead: "week",
          hours: "9:00am to 5:00pm each day",
          invite: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n",
          cancelUrl: `${site}/foundations-program/cancel/cancel.token-1`,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "In a week: Presence-Based Selling Foundations, May 4–6, 2027",
    links: [`${site}/foundations-program/cancel/cancel.token-1`],
    text: ["One week to go", "9:00am to 5:00pm each day"],
  },
  {
    name: "workshop-cancelled",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopCancelledTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          outcome: "refund",
          cents: 250_000,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Cancelled: Presence-Based Selling Foundations, May 4–6, 2027",
    links: [],
    text: ["We have refunded $2,500 in full"],
  },
  {
    name: "workshop-cancelled-cohort",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopCancelledTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "May 4–6, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          outcome: "cohort",
          cents: 1_449_500,
          contactEmail: "hello@presence.example",
          invite: "BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n",
        }),
      ),
    subject: "Cancelled: Presence-Based Selling Foundations, May 4–6, 2027",
    links: [],
    text: [
      "will not take place",
      "We have refunded all you paid, $14,495",
      "takes the workshop days off",
    ],
  },
  {
    name: "workshop-changed",
    template: "workshop-emails",
    render: () =>
      renderTemplatedEmail(
        workshopChangedTemplate.compose({
          title: "Presence-Based Selling Foundations",
          when: "June 8–10, 2027",
          place: "The Riverside, Boulder, CO",
          name: "Ada",
          was: "May 4–6, 2027, The Riverside, Boulder, CO",
          hours: "9:00am to 5:00pm each day",
          invite: "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n",
          cancelUrl: `${site}/foundations-program/cancel/cancel.token-1`,
          contactEmail: "hello@presence.example",
        }),
      ),
    subject: "Changed: Presence-Based Selling Foundations is now June 8–10, 2027",
    links: [`${site}/foundations-program/cancel/cancel.token-1`],
    text: ["it was May 4–6, 2027", "June 8–10, 2027", "replaces the earlier one"],
  },
  {
    name: "deal-next-step-due",
    template: "next-step-due",
    render: () =>
      renderTemplatedEmail(
        nextStepDueTemplate.compose({
          title: "Acme Corp: Corporate Training",
          nextStep: "Call Dana about the team's dates",
          dueOn: "Tuesday, December 8, 2026",
          dealUrl: `${site}/admin/pipeline/42`,
        }),
      ),
    subject: "Due today: Call Dana about the team's dates (Acme Corp: Corporate Training)",
    links: [`${site}/admin/pipeline/42`],
    text: ["Call Dana about the team's dates", "Tuesday, December 8, 2026"],
  },
  {
    name: "deal-proposal-sent",
    template: "proposal-emails",
    render: () =>
      renderTemplatedEmail(
        proposalSentTemplate.compose({
          program: "Presence-based selling, three days",
          total: "$25,500.00",
          validUntil: "2027-01-15",
          proposalUrl: `${site}/proposals/proposal.token-1`,
          from: "Presence Selling",
        }),
      ),
    subject: "Your proposal from Presence Selling: Presence-based selling, three days",
    links: [`${site}/proposals/proposal.token-1`],
    text: ["Total: $25,500.00", "valid until 2027-01-15"],
  },
  {
    name: "deal-proposal-accepted",
    template: "proposal-emails",
    render: () =>
      renderTemplatedEmail(
        proposalAcceptedTemplate.compose({
          program: "Presence-based selling, three days",
          version: 2,
          total: "$25,500.00",
          acceptedBy: "Dana Whitfield, VP Sales",
          acceptedOn: "2027-01-10",
          link: `${site}/admin/pipeline/42`,
          linkLabel: "Open the deal",
        }),
      ),
    subject: "Proposal accepted by Dana Whitfield, VP Sales: Presence-based selling, three days",
    links: [`${site}/admin/pipeline/42`],
    text: ["accepted version 2 ($25,500.00) on 2027-01-10", "The deal is now won"],
  },
  {
    name: "deal-proposal-accepted-copy",
    template: "proposal-emails",
    render: () =>
      renderTemplatedEmail(
        proposalAcceptedCopyTemplate.compose({
          program: "Presence-based selling, three days",
          version: 2,
          total: "$25,500.00",
          acceptedBy: "Dana Whitfield, VP Sales",
          acceptedOn: "2027-01-10",
          link: `${site}/proposals/proposal.token-1`,
        }),
      ),
    subject: "Your accepted proposal: Presence-based selling, three days",
    links: [`${site}/proposals/proposal.token-1`],
    text: ["accepted version 2 ($25,500.00) on 2027-01-10", "Keep this email"],
  },
  {
    name: "deal-deposit-paid",
    template: "deposit-emails",
    render: () =>
      renderTemplatedEmail(
        depositPaidTemplate.compose({
          program: "Presence-based selling, three days",
          version: 2,
          amount: "$12,750.00",
          paidOn: "2027-01-11",
          reference: "cs_test_a1b2c3",
          link: `${site}/admin/pipeline/42`,
        }),
      ),
    subject: "Deposit of $12,750.00 paid: Presence-based selling, three days",
    links: [`${site}/admin/pipeline/42`],
    text: ["paid the deposit of version 2", "on 2027-01-11", "cs_test_a1b2c3"],
  },
  {
    name: "deal-deposit-receipt",
    template: "deposit-emails",
    render: () =>
      renderTemplatedEmail(
        depositReceiptTemplate.compose({
          program: "Presence-based selling, three days",
          version: 2,
          amount: "$12,750.00",
          paidOn: "2027-01-11",
          reference: "cs_test_a1b2c3",
          link: `${site}/proposals/proposal.token-1`,
        }),
      ),
    subject: "Your deposit of $12,750.00 is received: Presence-based selling, three days",
    links: [`${site}/proposals/proposal.token-1`],
    text: ["Thank you: your deposit of $12,750.00 is received", "Reference: cs_test_a1b2c3"],
  },
  {
    name: "deal-message",
    template: "deal-message",
    render: () =>
      renderTemplatedEmail(
        dealMessageTemplate.compose({
          subject: "Dates for your team's workshop",
          body: "Hi Dana,\n\nThank you for the call. Two dates work for me:\nMarch 3 or March 10.\n\n<b>Best</b>, Ada",
        }),
      ),
    subject: "Dates for your team's workshop",
    links: [],
    text: ["Two dates work for me:", "March 3 or March 10.", "<b>Best</b>, Ada"],
  },
];
