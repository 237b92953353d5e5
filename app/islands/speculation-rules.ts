/**
 * Speculation Rules for pages without hydration: a same-site link the visitor hovers or starts to
 * touch ("moderate") is prerendered, so following it is instant. Pages rendered per request (forms,
 * the console, one-time links) are only prefetched or left alone: a prerender would spend a form
 * token or a flash message the visitor never sees.
 */
const perRequest = [
  "/contact",
  "/contact?*",
  "/buy-now",
  "/buy-now?*",
  "/payment-success*",
  "/signup*",
  "/newsletter*",
  "/lists/*",
  "/admin*",
  "/functions/*",
  "/downloads/*",
  "/schedule",
];

export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: perRequest } },
          { not: { selector_matches: "[download], [target]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
  prefetch: [
    {
      where: { href_matches: ["/contact", "/contact?*", "/buy-now", "/signup"] },
      eagerness: "moderate",
    },
  ],
});
