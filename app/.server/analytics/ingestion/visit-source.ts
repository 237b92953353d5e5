import { z } from "zod";
import { referrerSource } from "./referrer-source";
import { withoutSecrets } from "~/lib/secret-paths";

/**
 * Where a visit came from and where it converted: what the page script keeps in sessionStorage and
 * every posted form carries in its hidden `attribution` field (JSON: `l` landing path, `r`
 * referrer host, `s`/`m`/`c` UTM source, medium, campaign, `p` the page the form was sent from).
 */
export type VisitSource = {
  landingPath: string | null;
  referrerDomain: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  conversionPath: string | null;
};

/** The key of a visit or conversion without a referrer, campaign or landing page. */
export const noSource = "(direct)";

/**
 * A visit's or conversion's source as marketers name it: its `utm_source` (lower case, so
 * "LinkedIn" and "linkedin" are one), else its referrer's domain, else "(direct)".
 */
export const sourceOf = (utmSource: string | null, referrerDomain: string | null) =>
  utmSource?.trim().toLowerCase() || referrerDomain || noSource;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !controlCharacters.test(value))
    .optional();
const sitePath = text(500).refine((value) => !value || /^\/(?!\/)/.test(value));

const fieldSchema = z.object({
  l: sitePath,
  r: text(253),
  s: text(200),
  m: text(200),
  c: text(200),
  p: sitePath,
});

/** The largest `attribution` field read: the six values at their longest fit. */
const maxFieldLength = 2_500;

/** What reading a request's source needs: the site, the GPC setting and the request's signal. */
export type AttributionDeps = {
  config: { SITE_URL: string; ANALYTICS_HONOR_GPC: boolean; OWNER_TIME_ZONE: string };
  globalPrivacyControl?: boolean;
};

/**
 * Whether a request's source may be kept: not when its browser sent Global Privacy Control (unless
 * the site is set not to honour it), as its page views are not counted either.
 */
export const attributionAllowed = ({ config, globalPrivacyControl }: AttributionDeps) =>
  !(globalPrivacyControl && config.ANALYTICS_HONOR_GPC);

/**
 * The visit's source from a form's `attribution` field, or undefined when there is none, it is
 * not one the page script writes, or the browser sent Global Privacy Control. A bad field never
 * costs the visitor their message or order: the conversion is kept, without a source. Spam
 * referrers, the site itself and the payment provider are never a source.
 */
export function readVisitSource(field: unknown, deps: AttributionDeps): VisitSource | undefined {
  if (!attributionAllowed(deps)) return undefined;
  const siteUrl = deps.config.SITE_URL;
  if (typeof field !== "string" || field.length === 0 || field.length > maxFieldLength)
    return undefined;
  let json: unknown;
  try {
    json = JSON.parse(field);
  } catch {
    return undefined;
  }
  const parsed = fieldSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { l, r, s, m, c, p } = parsed.data;
  const referrer = referrerSource(r ? `https://${r}/` : undefined, new URL(siteUrl).hostname);
  return {
    landingPath: l ? withoutSecrets(l) : null,
    referrerDomain: referrer.kind === "external" ? referrer.domain : null,
    utmSource: s || null,
    utmMedium: m || null,
    utmCampaign: c || null,
    conversionPath: p ? withoutSecrets(p) : null,
  };
}

/**
 * Stripe Checkout metadata carrying the source across the payment (keys under 40 characters,
 * values under 500): the webhook records it with the paid order.
 */
export function visitSourceMetadata(source: VisitSource | undefined): Record<string, string> {
  if (!source) return {};
  const entries = {
    source_landing: source.landingPath,
    source_referrer: source.referrerDomain,
    source_utm_source: source.utmSource,
    source_utm_medium: source.utmMedium,
    source_utm_campaign: source.utmCampaign,
    source_converted_on: source.conversionPath,
  };
  return Object.fromEntries(
    Object.entries(entries)
      .filter((entry): entry is [string, string] => Boolean(entry[1]))
      .map(([key, value]) => [key, value.slice(0, 499)]),
  );
}

/** The source a Checkout session's metadata carries back, if it carries one. */
export function visitSourceFromMetadata(
  metadata: Record<string, string> | null | undefined,
): VisitSource | undefined {
  if (!metadata || !Object.keys(metadata).some((key) => key.startsWith("source_")))
    return undefined;
  const value = (key: string) => metadata[key] || null;
  return {
    landingPath: value("source_landing"),
    referrerDomain: value("source_referrer"),
    utmSource: value("source_utm_source"),
    utmMedium: value("source_utm_medium"),
    utmCampaign: value("source_utm_campaign"),
    conversionPath: value("source_converted_on"),
  };
}
