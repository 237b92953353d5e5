import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

/**
 * The site's Content-Security-Policy. Inline scripts run only when named in `inlineScripts`: the
 * hashes of a prerendered page's scripts (computed at build time, scripts/hash-inline-scripts.ts)
 * or the nonce of a server-rendered page. In development Vite injects scripts of its own, so
 * inline scripts are allowed there.
 */
export function contentSecurityPolicy(
  inlineScripts: readonly string[],
  {
    development = false,
    styleAttributes = false,
    checkoutOrigins = [],
  }: {
    development?: boolean;
    /** The console's pages: its chart legend and its email previews are `style` attributes. */
    styleAttributes?: boolean;
    /** Where else a form may be redirected to pay: STRIPE_API_BASE's origin (a local fake). */
    checkoutOrigins?: readonly string[];
  } = {},
) {
  const scriptSources = development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...inlineScripts];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    // Style elements inline: sonner writes its sheet when the first toast loads (form pages and the
    // console). No page has a style attribute but the console's (decision 080).
    "style-src 'self' 'unsafe-inline'",
    ...(styleAttributes ? [] : ["style-src-attr 'none'"]),
    // A broadcast's images are given by URL (its archive page and the console's preview).
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com",
    // The purchase and workshop forms post here and are redirected to Stripe Checkout.
    ["form-action 'self' https://checkout.stripe.com", ...checkoutOrigins].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * A fresh nonce for a page the router renders now, set in its policy; the page's inline scripts
 * carry it (entry.server.tsx).
 */
export function grantScriptNonce(
  response: Response,
  options: { development: boolean; styleAttributes: boolean; checkoutOrigins?: readonly string[] },
) {
  const nonce = randomBytes(16).toString("base64");
  response.setHeader(
    "Content-Security-Policy",
    contentSecurityPolicy([`'nonce-${nonce}'`], options),
  );
  return nonce;
}

type SiteHeaderOptions = {
  https: boolean;
  development: boolean;
  checkoutOrigins?: readonly string[];
  /** HSTS_PRELOAD: the domain is (to be) on the browsers' preload list. */
  hstsPreload?: boolean;
};

/**
 * The headers of every answer, by name; pages widen `script-src` to their own inline scripts. The
 * answers made before Express build them into each held file's header block once.
 */
export function siteHeaderValues({
  https,
  development,
  hstsPreload = false,
  checkoutOrigins = [],
}: SiteHeaderOptions): Readonly<Record<string, string>> {
  return {
    "Content-Security-Policy": contentSecurityPolicy([], { development, checkoutOrigins }),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    ...(https && {
      "Strict-Transport-Security": `max-age=31536000; includeSubDomains${hstsPreload ? "; preload" : ""}`,
    }),
  };
}

/** Sets the headers of every answer (siteHeaderValues) on each answer Express makes. */
export function securityHeaders(options: SiteHeaderOptions): RequestHandler {
  const headers = Object.entries(siteHeaderValues(options));
  return (_request, response, next) => {
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  };
}

/**
 * Pages whose URL carries a secret (a link's token) name only the site's origin as Referer, to
 * the site itself too: the token never leaves the address bar. Not `no-referrer`: under it a
 * browser sends `Origin: null` with the page's own form posts, which React Router refuses.
 */
export function originOnlyReferrerFor(carriesSecret: (path: string) => boolean): RequestHandler {
  return (request, response, next) => {
    if (carriesSecret(request.path)) response.setHeader("Referrer-Policy", "strict-origin");
    next();
  };
}
