import type { DefinedEmailTemplate, EmailAttachment, TemplatedEmail } from "./email-template";
import { filledTemplates } from "./filled-template";

/** Which component draws an email the outbox names: the worker renders by this name. */
export type EmailTemplates = ReadonlyMap<string, DefinedEmailTemplate>;

export function emailTemplateRegistry(templates: DefinedEmailTemplate[]): EmailTemplates {
  return new Map(templates.map((template) => [template.name, template]));
}

const registered = new Map<string, DefinedEmailTemplate>();

/**
 * Every transactional email the site sends, as the wiring registered them: each capability keeps
 * its own templates (its `emails/`) and the engine knows none of them by name.
 */
export const emailTemplates: EmailTemplates = registered;

/** Adds a capability's templates to `emailTemplates` (the wiring does, once per process). */
export function registerEmailTemplates(templates: readonly DefinedEmailTemplate[]) {
  for (const template of templates) registered.set(template.name, template);
}

/** Each template drawn once per data shape and filled in for each email (filled-template.ts). */
const renderFilled = filledTemplates();

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
  const { html, text } = await renderFilled(template, parsed.data);
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
