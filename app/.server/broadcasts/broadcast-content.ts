import type { AppConfig } from "../core/config";
import { broadcastEmail, broadcastTestTemplate } from "./emails/broadcast-email";
import type { EmailContent } from "../mail/templates/render-email";
import type { SharedBody } from "../mail";
import { listUnsubscribeHeaders, signNewsletterToken } from "../audience";
import type { BroadcastDraft } from "~/lib/broadcast-schema";
import { parseLetterMarkdown, type DroppedAddress } from "./letter-markdown";

/**
 * Stands for each reader's own unsubscribe token in the frozen email. It is made of characters
 * that HTML and the text part keep as they are, so one replace per email personalises both.
 */
const tokenPlaceholder = "BROADCAST-UNSUBSCRIBE-TOKEN";

function unsubscribeUrl(config: Pick<AppConfig, "SITE_URL">, token: string) {
  return `${config.SITE_URL}/newsletter/unsubscribe/${token}`;
}

/** The broadcast as every reader gets it, their own unsubscribe link left as a placeholder. */
export function renderBroadcast(
  config: Pick<AppConfig, "SITE_URL" | "MAIL_POSTAL_ADDRESS">,
  draft: Pick<BroadcastDraft, "subject" | "previewText" | "bodyMarkdown">,
): Promise<EmailContent> {
  return broadcastEmail(draft.subject, {
    preview: draft.previewText,
    blocks: parseLetterMarkdown(draft.bodyMarkdown).blocks,
    unsubscribeUrl: unsubscribeUrl(config, tokenPlaceholder),
    postalAddress: config.MAIL_POSTAL_ADDRESS,
  });
}

/**
 * The letter as it stands, for a test sent to `token`'s link: composed, not rendered (the worker
 * draws it when it sends), with the unsubscribe headers a reader's copy carries.
 */
export function composeBroadcastTest(
  config: Pick<AppConfig, "SITE_URL" | "MAIL_POSTAL_ADDRESS">,
  draft: Pick<BroadcastDraft, "subject" | "previewText" | "bodyMarkdown">,
  token: string,
) {
  const url = unsubscribeUrl(config, token);
  return {
    ...broadcastTestTemplate.compose({
      subject: draft.subject,
      preview: draft.previewText,
      blocks: parseLetterMarkdown(draft.bodyMarkdown).blocks,
      unsubscribeUrl: url,
      postalAddress: config.MAIL_POSTAL_ADDRESS,
    }),
    headers: listUnsubscribeHeaders(url),
  };
}

/** The links and images the letter leaves out (not web or mail addresses), for the composer. */
export function droppedFromLetter(bodyMarkdown: string): DroppedAddress[] {
  return parseLetterMarkdown(bodyMarkdown).dropped;
}

/** The token of the link that takes one reader off the list one delivery went to. */
export function deliveryUnsubscribeToken(
  config: Pick<AppConfig, "NEWSLETTER_LINK_SECRET">,
  deliveryId: string,
) {
  return signNewsletterToken(config.NEWSLETTER_LINK_SECRET, {
    purpose: "broadcast-unsubscribe",
    subscriberId: deliveryId,
  });
}

/** One reader's copy: their link in the body, the text part and the RFC 8058 headers. */
export function personalise(
  config: Pick<AppConfig, "SITE_URL">,
  frozen: { html: string; text: string },
  token: string,
): { html: string; text: string; headers: Record<string, string> } {
  return {
    html: frozen.html.replaceAll(tokenPlaceholder, token),
    text: frozen.text.replaceAll(tokenPlaceholder, token),
    headers: listUnsubscribeHeaders(unsubscribeUrl(config, token)),
  };
}

/** What a reader's copy is filled in from: the transport encodes it once for every reader. */
export function frozenSharedBody(
  frozen: { html: string; text: string },
  token: string,
): SharedBody {
  return { ...frozen, placeholder: tokenPlaceholder, value: token };
}
