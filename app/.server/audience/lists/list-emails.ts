import type { Trx } from "../../core/db/database";
import { enqueueEmail } from "../../mail";
import { newsletterConfirmation } from "../emails/newsletter-confirmation";
import { newsletterWelcome } from "../emails/newsletter-welcome";
import { waitlistConfirmationEmail } from "../emails/waitlist-emails";
import type { ServiceDeps } from "../../core/service-deps";
import { confirmationLinkDays, membershipLinks } from "./list-links";
import type { ListName } from "~/lib/lists";

export type Recipient = { membershipId: string; email: string; firstName: string | null };

/** RFC 2369 and RFC 8058 headers: mail clients show an Unsubscribe button that POSTs to us. */
export function listUnsubscribeHeaders(unsubscribeUrl: string) {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Each list's double opt-in email: its own words, the one link scheme. */
async function confirmationContent(list: ListName, recipient: Recipient, links: ListLinks) {
  return list === "newsletter"
    ? newsletterConfirmation({
        firstName: recipient.firstName ?? undefined,
        links,
        validDays: confirmationLinkDays,
      })
    : waitlistConfirmationEmail({ confirmUrl: links.confirm, expiresAt: links.expiresAt });
}

type ListLinks = ReturnType<typeof membershipLinks>;

/** Queues the email whose link confirms the membership, in the transaction that asked for it. */
export async function enqueueConfirmationEmail(
  deps: Pick<ServiceDeps, "config" | "clock">,
  trx: Trx,
  list: ListName,
  recipient: Recipient,
) {
  const now = deps.clock.now();
  const links = membershipLinks(deps.config, { list, membershipId: recipient.membershipId }, now);
  await enqueueEmail(
    trx,
    {
      purpose: `${list}.confirmation`,
      to: recipient.email,
      from: deps.config.MAIL_FROM,
      ...(await confirmationContent(list, recipient, links)),
      headers: listUnsubscribeHeaders(links.unsubscribe),
    },
    { now },
  );
}

/** The newsletter's welcome, sent once the address is confirmed. */
export async function enqueueNewsletterWelcome(
  deps: Pick<ServiceDeps, "config" | "clock">,
  trx: Trx,
  recipient: Recipient,
) {
  const now = deps.clock.now();
  const links = membershipLinks(
    deps.config,
    { list: "newsletter", membershipId: recipient.membershipId },
    now,
  );
  await enqueueEmail(
    trx,
    {
      purpose: "newsletter.welcome",
      to: recipient.email,
      from: deps.config.MAIL_FROM,
      ...newsletterWelcome({
        firstName: recipient.firstName ?? undefined,
        links,
        guidesUrl: `${deps.config.SITE_URL}/all-resources`,
      }),
      headers: listUnsubscribeHeaders(links.unsubscribe),
    },
    { now },
  );
}
