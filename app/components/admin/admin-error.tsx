import { useEffect } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { sectionOf } from "./console-sections";

/** The sentence a refused console request carries (`{ error }`, see admin-request.ts), if any. */
function refusalOf(error: unknown) {
  return isRouteErrorResponse(error) && typeof error.data?.error === "string"
    ? error.data.error
    : null;
}

/** The console page a refused download came from (`{ back }`, see download-refusals.ts). */
function backOf(error: unknown) {
  const back: unknown = isRouteErrorResponse(error) ? error.data?.back : undefined;
  return typeof back === "string" && /^\/admin(\/|$|\?)/.test(back) ? back : null;
}

/**
 * What went wrong, inside the console: a plain sentence, the status, and ways back. A stale form
 * (its CSRF token from an older session) says so and reloads the page, so the next try carries a
 * fresh token.
 */
export function AdminError({ error }: { error: unknown }) {
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal = refusalOf(error);
  const stale = status === 403 && refusal?.includes("expired");
  const heading =
    status === 404
      ? "Not found"
      : stale
        ? "This form has expired"
        : status === 401
          ? "Your session has ended"
          : status < 500
            ? "The request was refused"
            : "Something went wrong";
  const sentence =
    status === 404
      ? (refusal ?? "There is nothing at this address: it may have been erased or never existed.")
      : stale
        ? "It was opened in an earlier session. The page reloads now with a fresh form: check what you entered and send it again."
        : status === 401
          ? "Sign in again to go on."
          : (refusal ??
            "The console could not do this. Nothing was changed; try again, and if it happens again, the server's log says why.");
  const here = `${pathname}${search}`;
  // Back to the page the request came from, else to the list of the section it belongs to.
  const back = backOf(error);
  const section = sectionOf(back ? new URL(back, "http://console").pathname : pathname);
  const backTo = back ?? (section.to === pathname ? null : section.to);
  // A fresh load of the page brings a form with this session's token (a GET: nothing resent).
  // Without JavaScript the link below does the same.
  useEffect(() => {
    if (!stale) return;
    const timer = setTimeout(() => window.location.assign(here), 3000);
    return () => clearTimeout(timer);
  }, [stale, here]);
  return (
    <section className="max-w-2xl space-y-4" role="alert" aria-labelledby="admin-error-title">
      <title>{`${heading} | Console`}</title>
      <h1 id="admin-error-title" className="text-2xl font-semibold">
        {heading}
      </h1>
      <p>{sentence}</p>
      <p className="font-mono text-sm text-muted-foreground" data-testid="admin-error-status">
        {status}
      </p>
      <div className="flex flex-wrap gap-4 text-sm">
        {status === 401 ? (
          <Link to="/admin/sign-in" reloadDocument className="underline underline-offset-4">
            Sign in
          </Link>
        ) : (
          !back && (
            <a href={here} className="underline underline-offset-4">
              Reload this page
            </a>
          )
        )}
        {backTo && section.to !== "/admin" && (
          <Link to={backTo} className="underline underline-offset-4">
            Back to {section.label}
          </Link>
        )}
        <Link to="/admin" className="underline underline-offset-4">
          Back to the dashboard
        </Link>
      </div>
    </section>
  );
}
