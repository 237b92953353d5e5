import { adminSignInLinkTemplate } from "../../admin/emails/admin-sign-in-link";
import {
  bookingCancelledTemplate,
  bookingConfirmedTemplate,
  bookingHoldConfirmationTemplate,
  bookingOwnerChangeTemplate,
  bookingOwnerNotificationTemplate,
  bookingReminderTemplate,
  bookingRescheduledTemplate,
  unbookedSessionReminderTemplate,
} from "../../booking/emails/booking-email-templates";
import { broadcastAttentionTemplate } from "../../broadcasts/emails/broadcast-attention";
import { broadcastTestTemplate } from "../../broadcasts/emails/broadcast-email";
import { contactAcknowledgementTemplate } from "../../leads/emails/contact-acknowledgement";
import { contactOwnerNotificationTemplate } from "../../leads/emails/contact-owner-notification";
import { downloadLinkTemplate } from "../../sales/emails/download-link";
import type { DefinedEmailTemplate, EmailAttachment, TemplatedEmail } from "./email-template";
import { newsletterConfirmationTemplate } from "../../audience/emails/newsletter-confirmation";
import { newsletterWelcomeTemplate } from "../../audience/emails/newsletter-welcome";
import { purchaseReceiptTemplate } from "../../sales/emails/purchase-receipt";
import { renderEmail } from "./render-email";
import { saleNotificationTemplate } from "../../sales/emails/sale-notification";
import { sessionSchedulingTemplate } from "../../sales/emails/session-scheduling";
import { nowAvailableTemplate, waitlistConfirmationTemplate } from "../../audience/emails/waitlist-emails";

/** Which component draws an email the outbox names: the worker renders by this name. */
export type EmailTemplates = ReadonlyMap<string, DefinedEmailTemplate>;

export function emailTemplateRegistry(templates: DefinedEmailTemplate[]): EmailTemplates {
  return new Map(templates.map((template) => [template.name, template]));
}

/** Every transactional email the site sends. */
export const emailTemplates = emailTemplateRegistry([
  adminSignInLinkTemplate,
  bookingCancelledTemplate,
  bookingConfirmedTemplate,
  bookingHoldConfirmationTemplate,
  bookingOwnerChangeTemplate,
  bookingOwnerNotificationTemplate,
  bookingReminderTemplate,
  bookingRescheduledTemplate,
  broadcastAttentionTemplate,
  broadcastTestTemplate,
  contactAcknowledgementTemplate,
  contactOwnerNotificationTemplate,
  downloadLinkTemplate,
  newsletterConfirmationTemplate,
  newsletterWelcomeTemplate,
  nowAvailableTemplate,
  purchaseReceiptTemplate,
  saleNotificationTemplate,
  sessionSchedulingTemplate,
  unbookedSessionReminderTemplate,
  waitlistConfirmationTemplate,
] as DefinedEmailTemplate[]);

export type RenderedBody = { html: string; text: string; attachments: EmailAttachment[] };

/** Stored data that no template can draw: the email cannot be sent as it is, retrying won't help. */
export class UnrenderableEmail extends Error {}

/** Draws a stored email (its template's name and data as JSON) the way the worker sends it. */
export async function renderStoredEmail(
  name: string,
  dataJson: string,
  templates: EmailTemplates = emailTemplates,
): Promise<RenderedBody> {
  const template = templates.get(name);
  if (!template) throw new UnrenderableEmail(`No email template is named "${name}"`);
  let data: unknown;
  try {
    data = JSON.parse(dataJson);
  } catch {
    throw new UnrenderableEmail(`The data of "${name}" is not JSON`);
  }
  const parsed = template.schema.safeParse(data);
  if (!parsed.success) {
    throw new UnrenderableEmail(`The data of "${name}" does not fit: ${parsed.error.message}`);
  }
  const { html, text } = await renderEmail("", template.body(parsed.data));
  return { html, text, attachments: template.attachments?.(parsed.data) ?? [] };
}

/** A composed email rendered as it will be sent (through JSON, as the outbox stores it). */
export async function renderTemplatedEmail(email: TemplatedEmail, templates = emailTemplates) {
  const body = await renderStoredEmail(
    email.template.name,
    JSON.stringify(email.template.data),
    templates,
  );
  return { subject: email.subject, ...body };
}
