import { personalise, renderBroadcast } from "~/.server/broadcasts/broadcast-content";
import { broadcastAttentionEmail } from "~/.server/mail/templates/broadcast-attention";
import { contactAcknowledgement } from "~/.server/mail/templates/contact-acknowledgement";
import { contactOwnerNotification } from "~/.server/mail/templates/contact-owner-notification";
import { downloadLinkEmail } from "~/.server/mail/templates/download-link";
import { newsletterConfirmation } from "~/.server/mail/templates/newsletter-confirmation";
import { newsletterWelcome } from "~/.server/mail/templates/newsletter-welcome";
import { purchaseReceiptEmail } from "~/.server/mail/templates/purchase-receipt";
import type { EmailContent } from "~/.server/mail/templates/render-email";
import { saleNotificationEmail } from "~/.server/mail/templates/sale-notification";
import { sessionSchedulingEmail } from "~/.server/mail/templates/session-scheduling";
import {
  nowAvailableEmail,
  waitlistConfirmationEmail,
} from "~/.server/mail/templates/waitlist-emails";
import type { ContactMessage } from "~/lib/contact-message-schema";
import { orderItemsFromCatalog } from "~/.server/sales/order-items";

const site = "https://presence.example";
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
    render: () => contactOwnerNotification(hostileMessage, new Date("2026-11-23T09:30:00Z")),
    subject: "New inquiry: Corporate Training from Ada <b> Lovelace",
    links: [],
    text: ["Company: Engines & Sons", '<script>alert("x")</script>', "within 48 hours"],
  },
  {
    name: "contact-acknowledgement",
    render: () =>
      contactAcknowledgement(hostileMessage, {
        contactEmail: "hello@presence.example",
        siteUrl: site,
      }),
    subject: "We received your message — Presence Selling",
    links: [],
    text: ["Hi Ada <b>,", "Corporate Training", "within 48 hours", "hello@presence.example"],
  },
  {
    name: "newsletter-confirmation",
    render: () =>
      newsletterConfirmation({
        firstName: "Grace",
        links: { confirm: `${site}/lists/confirm/confirm.token-1`, unsubscribe },
        validDays: 7,
      }),
    subject: "Please confirm your subscription to Presence Selling",
    links: [`${site}/lists/confirm/confirm.token-1`],
    text: ["Hi Grace,", "valid for 7 days"],
    unsubscribe,
  },
  {
    name: "newsletter-welcome",
    render: () =>
      newsletterWelcome({
        firstName: "Grace",
        links: { unsubscribe },
        guidesUrl: `${site}/all-resources`,
      }),
    subject: "Welcome to the Journey — Presence Selling",
    links: [`${site}/all-resources`],
    text: ["Your subscription is confirmed.", "With presence,"],
    unsubscribe,
  },
  {
    name: "waitlist-confirmation",
    render: () =>
      waitlistConfirmationEmail({ confirmUrl: `${site}/lists/confirm/wait.token-1`, expiresAt }),
    subject: "Confirm: tell me when No-Self Selling is available",
    links: [`${site}/lists/confirm/wait.token-1`],
    text: ["goes on sale", expiresAt.toUTCString()],
  },
  {
    name: "waitlist-now-available",
    render: () => nowAvailableEmail({ buyUrl: `${site}/buy-now` }),
    subject: "No-Self Selling is now available",
    links: [`${site}/buy-now`],
    text: ["now on sale", "the only email the waitlist sends"],
  },
  {
    name: "purchase-receipt",
    render: () =>
      purchaseReceiptEmail({
        orderReference: "cs_test_123",
        items: bothItems,
        amountPaidCents: 31499,
        download: { url: `${site}/downloads/book/book.token-1`, expiresAt, maxDownloads: 5 },
        successPageUrl: `${site}/payment-success?session_id=cs_test_123`,
        contactEmail: "hello@presence.example",
      }),
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
    render: () =>
      downloadLinkEmail({ url: `${site}/downloads/book/book.token-2`, expiresAt, maxDownloads: 5 }),
    subject: "Your No-Self Selling download link",
    links: [`${site}/downloads/book/book.token-2`],
    text: ["It works 5 times", "Earlier links no longer work."],
  },
  {
    name: "session-scheduling",
    render: () =>
      sessionSchedulingEmail({
        schedulingUrl: "https://calendar.example/breakthrough",
        contactEmail: "hello@presence.example",
      }),
    subject: "Schedule your Sales Breakthrough Hour",
    links: ["https://calendar.example/breakthrough"],
    text: ["60-minute one-to-one video session, recorded", "0–15 minutes", "within 24 hours"],
  },
  {
    name: "sale-notification",
    render: () =>
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
    name: "broadcast-attention",
    render: () =>
      broadcastAttentionEmail({
        subject: "Presence at the close <b>",
        headline: "Broadcast paused",
        detail: "The provider refused to send: 550 5.7.1 sending limit exceeded",
        next: "Nobody was marked bounced for this. Resume the broadcast in the console when the cause is fixed.",
        consoleUrl: `${site}/admin/broadcasts/b-1`,
      }),
    subject: "Broadcast paused: Presence at the close <b>",
    links: [`${site}/admin/broadcasts/b-1`],
    text: ["550 5.7.1 sending limit exceeded", "Nobody was marked bounced"],
  },
];
