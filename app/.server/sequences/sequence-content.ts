import type { AppConfig } from "../core/config";
import type { SharedBody } from "../mail";
import { letterEmail, parseLetterMarkdown } from "../broadcasts";
import { listUnsubscribeHeaders } from "../audience";

/**
 * Stands for the reader's unsubscribe token in a step drawn once for every reader: characters
 * HTML and the text part keep as they are (as the broadcasts' placeholder).
 */
const tokenPlaceholder = "SEQUENCE-UNSUBSCRIBE-TOKEN";

/** The list's unsubscribe page for a membership's token (audience's `/lists/<list>/unsubscribe`). */
const unsubscribeUrl = (config: Pick<AppConfig, "SITE_URL">, list: string, token: string) =>
  `${config.SITE_URL}/lists/${list}/unsubscribe/${token}`;

/** A step as every reader gets it, in the letters' layout, the unsubscribe link a placeholder. */
export function renderStep(
  config: Pick<AppConfig, "MAIL_POSTAL_ADDRESS" | "SITE_URL">,
  step: { list: string; subject: string; bodyMarkdown: string; preview?: string },
) {
  return letterEmail(step.subject, {
    preview: step.preview ?? "",
    blocks: parseLetterMarkdown(step.bodyMarkdown).blocks,
    unsubscribeUrl: unsubscribeUrl(config, step.list, tokenPlaceholder),
    postalAddress: config.MAIL_POSTAL_ADDRESS,
  });
}

/**
 * One reader's copy from their membership's unsubscribe link (which the list's page and a mail
 * client's one-click POST both take): the token in both parts, the headers, the shared body.
 */
export function stepCopy(
  config: Pick<AppConfig, "SITE_URL">,
  frozen: { html: string; text: string },
  { list, membershipUnsubscribeUrl }: { list: string; membershipUnsubscribeUrl: string },
): { html: string; text: string; headers: Record<string, string>; sharedBody: SharedBody } {
  const token = membershipUnsubscribeUrl.slice(membershipUnsubscribeUrl.lastIndexOf("/") + 1);
  return {
    html: frozen.html.replaceAll(tokenPlaceholder, token),
    text: frozen.text.replaceAll(tokenPlaceholder, token),
    headers: listUnsubscribeHeaders(unsubscribeUrl(config, list, token)),
    sharedBody: { ...frozen, placeholder: tokenPlaceholder, value: token },
  };
}
