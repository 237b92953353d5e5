import type { RequestHandler } from "express";

// Inline scripts are React Router's hydration data in prerendered HTML, so no per-request nonce.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src https://www.youtube-nocookie.com",
  // The purchase form without JavaScript posts here and is redirected to Stripe Checkout.
  "form-action 'self' https://checkout.stripe.com",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders({ https }: { https: boolean }): RequestHandler {
  return (_request, response, next) => {
    response.setHeader("Content-Security-Policy", contentSecurityPolicy);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    response.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(self)",
    );
    response.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (https)
      response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
