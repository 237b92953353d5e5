import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { getConfig, runtimeSiteSettings } from "~/.server/core/config";
import { DeferredScripts } from "~/components/layout/deferred-scripts";
import { ScrollManager } from "~/components/layout/scroll-manager";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFoundPage } from "~/components/layout/not-found-page";
import { Toaster } from "~/components/ui/toaster";
import appStylesHref from "./app.css?url";
import analyticsScriptHref from "./page-scripts/visit-beacon.js?url&no-inline";
import serifFontHref from "./fonts/fraunces-subset.woff2?url";
import sansFontHref from "./fonts/inter-subset.woff2?url";

/** A route module may export `handle = { chrome: "bare" }` to render without the site navigation. */
export type RouteHandle = { chrome?: "full" | "bare" };

export const links: LinksFunction = () => [
  // The two faces every page uses, fetched alongside the stylesheet rather than after it.
  { rel: "preload", href: sansFontHref, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: serifFontHref, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/images/logo.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/images/apple-touch-icon.png" },
];

export function loader() {
  return { settings: runtimeSiteSettings(getConfig()) };
}

/** Settings do not change when a form is submitted; not reloading keeps a failed send on screen. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

function useChrome() {
  const matches = useMatches();
  const bare = matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.chrome === "bare",
  );
  return bare ? "bare" : "full";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const chrome = useChrome();
  // The owner's console is worked at once and has no first-paint budget: it hydrates as it loads.
  const hydrateAtOnce = useLocation().pathname.startsWith("/admin");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2b3a55" />
        {/* A precedence makes React emit the stylesheet ahead of the hoisted script preloads, so the
            browser fetches the only render-blocking file first. */}
        <link rel="stylesheet" href={appStylesHref} precedence="default" />
        <Meta />
        <Links />
        {/* First-party, cookieless analytics (decision 082); the console is never counted. */}
        {!hydrateAtOnce && <script defer src={analyticsScriptHref} />}
      </head>
      <body className="min-h-dvh">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        {chrome === "full" && <SiteHeader />}
        <main
          id="main"
          tabIndex={-1}
          className={chrome === "full" ? "pt-16 outline-none" : "outline-none"}
        >
          {children}
        </main>
        {chrome === "full" && <SiteFooter />}
        {!hydrateAtOnce && (
          <noscript>
            <img src="/beacon.gif" alt="" width={1} height={1} className="absolute" />
          </noscript>
        )}
        <Toaster />
        <ScrollManager />
        {hydrateAtOnce ? <Scripts /> : <DeferredScripts />}
      </body>
    </html>
  );
}

export default function App() {
  // Lets browser tests (and CSS) know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** The router's fallback: the 404 page for missing things, otherwise the spec's error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A request the server refused (too large, wrong type…) says why in `error` (request-body.ts).
  const refusal =
    isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : null;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (typeof error.data === "string" ? error.data : "")}`.trim()
    : error instanceof Error
      ? error.message
      : "Something went wrong.";
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-start justify-center gap-4 py-24">
      <title>Unexpected Application Error! | Presence Selling</title>
      <h1 className="text-3xl font-semibold text-destructive sm:text-4xl">
        Unexpected Application Error!
      </h1>
      <p className="font-mono text-lg" data-testid="error-detail">
        {detail}
      </p>
      {refusal && <p className="text-lg">{refusal}</p>}
      {import.meta.env.DEV && error instanceof Error && error.stack && (
        <pre className="max-w-full overflow-auto rounded-md bg-muted p-4 text-xs">
          {error.stack}
        </pre>
      )}
      <a href="/" className="text-accent underline underline-offset-4">
        Back to the home page
      </a>
    </section>
  );
}
