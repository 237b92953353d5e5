import { renderStoredEmail } from "./templates/template-registry";

type StoredEmail = {
  text_body: string;
  html_body?: string | null;
  template: string | null;
  template_data: string | null;
};

/**
 * An outbox row with its bodies as they are (or were) sent: a template's email is rendered from
 * its stored data (a person's data export, tests). Data no template can draw stays as it is.
 */
export async function withRenderedBodies<Email extends StoredEmail>(email: Email): Promise<Email> {
  if (!email.template) return email;
  try {
    const body = await renderStoredEmail(email.template, email.template_data ?? "null");
    return { ...email, text_body: body.text, html_body: body.html };
  } catch {
    return email;
  }
}
