import type { Config } from "@react-router/dev/config";

// Routes whose HTML depends on the request (query, runtime settings, form results)
// are rendered by the server; every other page is written to static HTML at build time.
// /schedule redirects to the runtime SCHEDULING_URL, so it must not be frozen at build time.
const serverRenderedPaths = new Set([
  "/contact",
  "/buy-now",
  "/payment-success",
  "/schedule",
  // Free slots change with every booking and depend on the visitor's zone.
  "/booking",
  // Open cohorts and their seats left change with every registration (issue 37).
  "/foundations-program",
  "/foundations-program/registered",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  // The newsletter archive and the sitemap list letters published after the build.
  "/newsletter",
  "/sitemap.xml",
  // The articles and their lists come from the article store (decision 190): rendered by the
  // server once per change and kept in memory (server/content-pages/).
  "/resources",
  "/all-resources",
  "/feed.xml",
  "/atom.xml",
]);

export default {
  ssr: true,
  prerender({ getStaticPaths }) {
    return getStaticPaths().filter(
      (path) =>
        !serverRenderedPaths.has(path) &&
        !path.startsWith("/functions/") &&
        !path.startsWith("/admin"),
    );
  },
} satisfies Config;
