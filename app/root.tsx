import { useEffect, useLayoutEffect } from "react";
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
import { ArticleGonePage } from "~/components/articles/article-gone-page";
import { Toaster } from "~/components/ui/toaster";
import { useScriptNonce } from "~/components/layout/script-nonce";
import { replayEarlyInput } from "~/islands/early-input";
import { startIslands } from "~/islands/site-islands";
import { speculationRules } from "~/islands/speculation-rules";
import islandScript from "virtual:site-islands";
import formIslands from "virtual:form-islands";
import appStylesHref from "./app.css?url";
import analyticsScriptHref from "./page-scripts/visit-beacon.js?url&no-inline";
import serifFontHref from "./fonts/fraunces-subset.woff2?url";
import sansFontHref from "./fonts/inter-subset.woff2?url";

/**
 * A route module may export `handle = { chrome: "bare" }` to render without the site navigation,
 * and `island` naming its form island (app/islands/forms/) when its page is a form the visitor
 * fills in (decision 077); other pages ship only the island script.
 */
export type RouteHandle = { chrome?: "full" | "bare"; island?: string };

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

function useRouteHandles() {
  return useMatches().map((match) => (match.handle as RouteHandle | undefined) ?? {});
}

/**
 * The page's scripts. Content pages: the inline island script and the speculation rules, no
 * framework (decision 077). Form pages add their form island's modules, fetched once the page has
 * loaded and run at the first interaction. The console hydrates with React Router as it loads, and
 * keeps its scripts through its client-side navigations.
 */
function PageScripts({ island }: { island?: string }) {
  const nonce = useScriptNonce();
  const pathname = useLocation().pathname;
  if (pathname.startsWith("/admin") || !import.meta.env.SSR) return <Scripts />;
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: islandScript }}
      />
      <script
        type="speculationrules"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: speculationRules }}
      />
      {island && <DeferredScripts modules={formIslands[island] ?? []} />}
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const handles = useRouteHandles();
  const chrome = handles.some((handle) => handle.chrome === "bare") ? "bare" : "full";
  const inConsole = useLocation().pathname.startsWith("/admin");
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
        {!inConsole && <script defer src={analyticsScriptHref} />}
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
        {!inConsole && (
          <noscript>
            <img src="/beacon.gif" alt="" width={1} height={1} className="absolute" />
          </noscript>
        )}
        <Toaster />
        <ScrollManager />
        <PageScripts island={handles.find((handle) => handle.island)?.island} />
      </body>
    </html>
  );
}

export default function App() {
  // The islands serve hydrated pages too; the flag lets browser tests know the page is interactive
  // (set after the islands, so a tap replayed on hydration reaches them).
  // What the visitor did to a form while the console loaded reaches React's state (decision 130).
  useLayoutEffect(() => {
    queueMicrotask(() => replayEarlyInput(document.body));
  }, []);
  useEffect(() => {
    startIslands();
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

/** The router's fallback: the 404 page for missing things, otherwise the spec's error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 410) return <ArticleGonePage />;
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
