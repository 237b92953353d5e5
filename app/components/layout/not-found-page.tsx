import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { useScriptNonce } from "./script-nonce";

const logMessage = "404 Error: User attempted to access non-existent route:";

/**
 * The spec's 404: logs the attempted path and offers the way home. A page loaded at a missing path
 * logs from an inline script, before hydration (decision 002); a client-side navigation to one logs
 * from the effect (the page is hydrated by then, which the hydration render itself is not yet).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const nonce = useScriptNonce();

  useEffect(() => {
    if (document.documentElement.dataset.hydrated) console.error(logMessage, pathname);
  }, [pathname]);

  return (
    <section className="container-page flex min-h-[65vh] flex-col items-center justify-center gap-5 py-24 text-center">
      <title>Page not found | Presence Selling</title>
      <meta name="robots" content="noindex" />
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html: `console.error(${JSON.stringify(logMessage)}, location.pathname);`,
        }}
      />
      <p className="font-serif text-7xl font-semibold text-primary sm:text-8xl" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold sm:text-3xl">
        <span className="sr-only">404: </span>Oops! Page not found
      </h1>
      <p className="max-w-md text-muted-foreground">
        The page you were looking for has moved or never existed. Let's get you back on the path.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
