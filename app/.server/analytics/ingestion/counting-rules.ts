import { isbot } from "isbot";

/** The request facts that decide whether a visit is counted; none of them is stored. */
export type VisitRequest = {
  userAgent: string | undefined;
  /** `Sec-GPC`: "1" when the browser sends Global Privacy Control. */
  globalPrivacyControl: string | undefined;
  /** `Sec-Purpose` or `Purpose`: "prefetch" or "prefetch;prerender" for a speculative load. */
  purpose: string | undefined;
};

export type CountingSettings = { honorGlobalPrivacyControl: boolean; excludedPaths: string[] };

export type NotCounted = "bot" | "global-privacy-control" | "prerender" | "excluded-path";

/** Paths that are never a visitor's page: the owner's console and the site's own endpoints. */
const neverCountedPaths = ["/admin", "/functions/", "/downloads/book/"];

const underPrefix = (path: string, prefix: string) =>
  path === prefix || path.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);

/** Why a request's event is not counted, or undefined when it is. */
export function notCounted(
  request: VisitRequest,
  path: string,
  settings: CountingSettings,
): NotCounted | undefined {
  // isbot's list names crawlers, monitors, Lighthouse and headless browsers (HeadlessChrome).
  if (!request.userAgent || isbot(request.userAgent)) return "bot";
  if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return "prerender";
  if (settings.honorGlobalPrivacyControl && request.globalPrivacyControl?.trim() === "1")
    return "global-privacy-control";
  const under = (prefix: string) => underPrefix(path, prefix);
  if (neverCountedPaths.some(under) || settings.excludedPaths.some(under)) return "excluded-path";
  return undefined;
}
