import type { AppConfig } from "../../core/config";
import { verifyNewsletterToken } from "./newsletter-links";
import { signLink, verifyLink, type VerifiedLink } from "../../core/signed-links";
import { listNames, type ListName } from "~/lib/lists";

/** How long a confirmation link works, for every list; unsubscribe links never expire. */
export const confirmationLinkDays = 7;

const dayMs = 24 * 60 * 60_000;

export type ListLinkPurpose = "confirm" | "unsubscribe";

/**
 * The one URL shape of every list's links: `/lists/<list>/confirm/<token>` and
 * `/lists/<list>/unsubscribe/<token>`. The list in the path lets even a broken link's page speak
 * of the right list; the membership the token names must belong to it.
 */
export function listLinkPath(list: ListName, purpose: ListLinkPurpose, token: string) {
  return `/lists/${list}/${purpose}/${token}`;
}

/** The list a link's path names, if it is one. */
export function listFromPath(segment: string | undefined): ListName | undefined {
  return listNames.find((name) => name === segment);
}

/**
 * A membership's confirm and unsubscribe links, signed with NEWSLETTER_LINK_SECRET (the token
 * names its purpose, so one never passes for the other). The confirm link expires.
 */
export function membershipLinks(
  config: Pick<AppConfig, "NEWSLETTER_LINK_SECRET" | "SITE_URL">,
  { list, membershipId }: { list: ListName; membershipId: string },
  now: Date,
) {
  const secret = config.NEWSLETTER_LINK_SECRET;
  const expiresAt = new Date(now.getTime() + confirmationLinkDays * dayMs);
  const confirm = signLink(secret, "list-confirm", membershipId, expiresAt);
  const unsubscribe = signLink(secret, "list-unsubscribe", membershipId, null);
  return {
    confirm: `${config.SITE_URL}${listLinkPath(list, "confirm", confirm)}`,
    unsubscribe: `${config.SITE_URL}${listLinkPath(list, "unsubscribe", unsubscribe)}`,
    expiresAt,
  };
}

/**
 * The membership a link names. Links sent before the lists shared one scheme still work: the
 * newsletter's own tokens and the waitlist's `waitlist-confirm` ones name the same ids.
 */
export function verifyListToken(
  config: Pick<AppConfig, "NEWSLETTER_LINK_SECRET">,
  purpose: ListLinkPurpose,
  token: string,
  now: Date,
): VerifiedLink {
  const secret = config.NEWSLETTER_LINK_SECRET;
  const current = verifyLink(secret, `list-${purpose}`, token, now);
  if (current.ok || current.reason === "expired") return current;
  if (purpose === "confirm") {
    const waitlist = verifyLink(secret, "waitlist-confirm", token, now);
    if (waitlist.ok || waitlist.reason === "expired") return waitlist;
  }
  const newsletter = verifyNewsletterToken(secret, token, purpose, now);
  return newsletter
    ? { ok: true, subject: newsletter, expiresAt: null }
    : { ok: false, reason: "invalid" };
}
