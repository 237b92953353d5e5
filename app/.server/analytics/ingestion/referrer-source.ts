import { referrerSpammersList as spammersList } from "./referrer-spammers";

/**
 * Matomo's community list of referrer-spam domains (public domain), vendored from
 * github.com/matomo-org/referrer-spam-list: a server must not fetch it while it runs.
 */
const spamDomains = new Set(
  spammersList
    .split("\n")
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/**
 * Hosts that are a step of the site's own flows, never where a visitor came from: the payment
 * provider's checkout returns the buyer to the site with its own address as the referrer.
 */
const flowHosts = ["stripe.com", "checkout.stripe.com", "billing.stripe.com"];

/** A domain on the spam list, or under one (sub.spam.example is spam.example's). */
export function isSpamDomain(domain: string) {
  const labels = domain.split(".");
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (spamDomains.has(labels.slice(start).join("."))) return true;
  }
  return false;
}

export type ReferrerSource =
  { kind: "none" } | { kind: "spam" } | { kind: "external"; domain: string };

/**
 * Where a visit came from, as a domain without `www.`: none for a direct visit, the site's own
 * pages or the payment provider; spam for a domain on the referrer-spam list.
 */
export function referrerSource(referrer: string | undefined, siteHost: string): ReferrerSource {
  if (!referrer) return { kind: "none" };
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return { kind: "none" };
    host = url.hostname.toLowerCase();
  } catch {
    return { kind: "none" };
  }
  const domain = host.replace(/^www\./, "");
  if (domain === siteHost.replace(/^www\./, "")) return { kind: "none" };
  if (flowHosts.some((flow) => domain === flow || domain.endsWith(`.${flow}`)))
    return { kind: "none" };
  if (isSpamDomain(domain)) return { kind: "spam" };
  return { kind: "external", domain };
}
