import { z } from "zod";
import { withoutSecrets } from "~/lib/secret-paths";

/** The largest beacon body accepted: a page view with a long URL and referrer fits twice over. */
export const maxBeaconBytes = 4 * 1024;

/** The events a browser may send; every other event is recorded by the server that did the work. */
export const browserEventNames = ["pageview", "video_play"] as const;
export type BrowserEventName = (typeof browserEventNames)[number];

// C0 and C1 control characters (and DEL): never part of a real URL, title or campaign name.
// eslint-disable-next-line no-control-regex -- matching them is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/;
const cleanText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !controlCharacters.test(value), "contains control characters");

/**
 * A beacon as the page script sends it, in short keys to keep the script small: `n` the event,
 * `u` the page's path and query, `r` the document's referrer, `w` the window's width, and for a
 * video `t` its title and `i` its id.
 */
const beaconSchema = z.strictObject({
  n: z.enum(browserEventNames),
  u: cleanText(2048).refine((value) => value.startsWith("/") && !value.startsWith("//"), "a path"),
  r: cleanText(2048).optional(),
  w: z.number().int().min(0).max(100_000).optional(),
  t: cleanText(200).optional(),
  i: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
});

/** A campaign value longer than this is not a campaign someone named. */
const maxUtmLength = 200;
const utmKeys = ["utm_source", "utm_medium", "utm_campaign"] as const;

export type Beacon = {
  name: BrowserEventName;
  path: string;
  referrer: string | undefined;
  utm: { source?: string; medium?: string; campaign?: string };
  screen: "phone" | "tablet" | "desktop" | undefined;
  label: string | undefined;
  item: string | undefined;
};

export type BeaconReading = { ok: true; beacon: Beacon } | { ok: false; error: string };

function screenClass(width: number | undefined): Beacon["screen"] {
  if (width === undefined || width === 0) return undefined;
  if (width < 640) return "phone";
  if (width < 1024) return "tablet";
  return "desktop";
}

/** The beacon in `body`, or why it is refused; nothing about it is trusted beyond its shape. */
export function readBeacon(body: string): BeaconReading {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: "The beacon is not JSON." };
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `Invalid beacon field ${issue.path.join(".") || "body"}.` };
  }
  const { n, u, r, w, t, i } = parsed.data;
  const url = new URL(u, "http://beacon.invalid");
  const utm: Beacon["utm"] = {};
  for (const key of utmKeys) {
    const value = url.searchParams.get(key)?.trim();
    if (!value) continue;
    if (value.length > maxUtmLength || controlCharacters.test(value))
      return { ok: false, error: `Invalid beacon field ${key}.` };
    utm[key.slice(4) as keyof Beacon["utm"]] = value;
  }
  if (n === "video_play" && (!t || !i))
    return { ok: false, error: "A video_play event names its video (t and i)." };
  return {
    ok: true,
    beacon: {
      name: n,
      // The query is dropped: it may carry anything, and only the campaign is wanted; a link's
      // token is named, never kept.
      path: withoutSecrets(url.pathname),
      referrer: r || undefined,
      utm,
      screen: screenClass(w),
      label: n === "video_play" ? t : undefined,
      item: n === "video_play" ? i : undefined,
    },
  };
}
