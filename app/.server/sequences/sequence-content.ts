import type { AppConfig } from "../core/config";
import type { SharedBody } from "../mail";
import { letterEmail, parseLetterMarkdown } from "../broadcasts";
import { guideReaderParameter, listUnsubscribeHeaders } from "../audience";
import { downloadsPath, guideAt } from "~/lib/download-targets";
import type { LetterBlock, LetterInline } from "~/lib/letter-blocks";
import { leavePath } from "./sequence-leaving";

/**
 * Stands for the reader's unsubscribe token in a step drawn once for every reader: characters
 * HTML and the text part keep as they are (as the broadcasts' placeholder).
 */
const tokenPlaceholder = "SEQUENCE-UNSUBSCRIBE-TOKEN";

/** Stands for the reader's signed token in the step's links to a guide (decision 261). */
const readerPlaceholder = "SEQUENCE-GUIDE-READER";

/** The list's unsubscribe page for a membership's token (audience's `/lists/<list>/unsubscribe`). */
const unsubscribeUrl = (config: Pick<AppConfig, "SITE_URL">, list: string, token: string) =>
  `${config.SITE_URL}/lists/${list}/unsubscribe/${token}`;

/**
 * A step as every reader gets it, in the letters' layout, the unsubscribe link a placeholder. It
 * ends with a link to leave this sequence alone (the list stays), which carries the same token.
 */
export function renderStep(
  config: Pick<AppConfig, "MAIL_POSTAL_ADDRESS" | "SITE_URL">,
  step: {
    sequenceId: string;
    list: string;
    subject: string;
    bodyMarkdown: string;
    preview?: string;
  },
) {
  const leaveUrl = `${config.SITE_URL}${leavePath(step.sequenceId, step.list, tokenPlaceholder)}`;
  const stays = step.list === "waitlist" ? "the waitlist" : "the newsletter";
  const markdown = `${step.bodyMarkdown}\n\nRather not get this series? [Leave this sequence](${leaveUrl}): you stay on ${stays}.`;
  return letterEmail(step.subject, {
    preview: step.preview ?? "",
    blocks: parseLetterMarkdown(markdown).blocks.map((block) => markGuideLinks(config, block)),
    unsubscribeUrl: unsubscribeUrl(config, step.list, tokenPlaceholder),
    postalAddress: config.MAIL_POSTAL_ADDRESS,
  });
}

/**
 * One reader's copy from their membership's unsubscribe link (which the list's page and a mail
 * client's one-click POST both take): the token in both parts, the headers, the shared body. A
 * step linking to a guide also carries the reader's token in those links, so it is drawn whole
 * for each reader (the shared body holds one token only).
 */
export function stepCopy(
  config: Pick<AppConfig, "SITE_URL">,
  frozen: { html: string; text: string },
  {
    list,
    membershipUnsubscribeUrl,
    readerToken,
  }: { list: string; membershipUnsubscribeUrl: string; readerToken: string },
): { html: string; text: string; headers: Record<string, string>; sharedBody?: SharedBody } {
  const token = membershipUnsubscribeUrl.slice(membershipUnsubscribeUrl.lastIndexOf("/") + 1);
  const headers = listUnsubscribeHeaders(unsubscribeUrl(config, list, token));
  const personal = (part: string) =>
    part.replaceAll(tokenPlaceholder, token).replaceAll(readerPlaceholder, readerToken);
  if (frozen.html.includes(readerPlaceholder) || frozen.text.includes(readerPlaceholder))
    return { html: personal(frozen.html), text: personal(frozen.text), headers };
  return {
    html: frozen.html.replaceAll(tokenPlaceholder, token),
    text: frozen.text.replaceAll(tokenPlaceholder, token),
    headers,
    sharedBody: { ...frozen, placeholder: tokenPlaceholder, value: token },
  };
}

/** A link to one of the site's guides, made to name the reader it is sent to. */
function readerHref(config: Pick<AppConfig, "SITE_URL">, href: string) {
  if (!href.startsWith(`${config.SITE_URL}${downloadsPath}/`)) return href;
  const url = new URL(href);
  if (!guideAt(url.pathname)) return href;
  url.searchParams.set(guideReaderParameter, readerPlaceholder);
  return url.toString();
}

function markGuideLinks(config: Pick<AppConfig, "SITE_URL">, block: LetterBlock): LetterBlock {
  switch (block.kind) {
    case "button":
      return { ...block, href: readerHref(config, block.href) };
    case "heading":
    case "paragraph":
      return { ...block, children: block.children.map((inline) => markInline(config, inline)) };
    case "quote":
      return { ...block, blocks: block.blocks.map((inner) => markGuideLinks(config, inner)) };
    case "list":
      return {
        ...block,
        items: block.items.map((item) => item.map((inner) => markGuideLinks(config, inner))),
      };
    default:
      return block;
  }
}

function markInline(config: Pick<AppConfig, "SITE_URL">, inline: LetterInline): LetterInline {
  if (inline.kind === "link")
    return {
      ...inline,
      href: readerHref(config, inline.href),
      children: inline.children.map((child) => markInline(config, child)),
    };
  if (inline.kind === "strong" || inline.kind === "emphasis" || inline.kind === "strike")
    return { ...inline, children: inline.children.map((child) => markInline(config, child)) };
  return inline;
}
