import { createCookie, redirect, type AppLoadContext } from "react-router";
import { logFailure } from "../core/logger";

/**
 * A console download (a CSV export, a person's data) is a resource route: it has no page of its
 * own to show a refusal on. A browser that navigated to one and was refused is sent to
 * /admin/refused, which shows the refusal inside the console with a way back; the sentence rides
 * in a short-lived cookie, so no URL can put words on that page. Scripts keep the plain status.
 */
export const refusedPath = "/admin/refused";

export type DownloadRefusal = { status: number; error: string; back: string };

const refusalCookie = createCookie("admin_refusal", {
  httpOnly: true,
  sameSite: "lax",
  path: refusedPath,
  maxAge: 60,
});

const unexpected =
  "The download could not be made. Nothing was changed; try again, and if it happens again, the server's log says why.";

/** A browser loading a page, as opposed to a script fetching data. */
function isNavigation(request: Request) {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** What React Router's `data(value, status)` throws (its class is not exported). */
function thrownData(error: unknown): { status: number; error: string } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = error as { type?: unknown; data?: unknown; init?: { status?: number } };
  if (candidate.type !== "DataWithResponseInit") return undefined;
  const value = candidate.data;
  const sentence =
    typeof value === "string"
      ? value
      : typeof (value as { error?: unknown } | null)?.error === "string"
        ? (value as { error: string }).error
        : "The request was refused.";
  return { status: candidate.init?.status ?? 400, error: sentence };
}

/** The console page to go back to: where the browser came from when that is a console page. */
function backFrom(request: Request, fallback: string) {
  const referer = request.headers.get("Referer");
  if (!referer) return fallback;
  const from = new URL(referer, request.url);
  const here = new URL(request.url);
  const inConsole = from.origin === here.origin && /^\/admin(\/|$)/.test(from.pathname);
  return inConsole && from.pathname !== refusedPath ? `${from.pathname}${from.search}` : fallback;
}

/**
 * Runs a console download; a refusal or a failure while a browser navigates is answered with a
 * redirect to the console's refusal page (`back`: the console page it belongs to).
 */
export async function consoleDownload(
  request: Request,
  context: AppLoadContext,
  back: string,
  load: () => Promise<Response>,
): Promise<Response> {
  try {
    return await load();
  } catch (error) {
    // A Response is a redirect (to sign-in) or a finished answer: it passes through.
    if (error instanceof Response || !isNavigation(request)) throw error;
    const refusal = thrownData(error);
    if (!refusal)
      logFailure("console download failed", error, { path: new URL(request.url).pathname });
    const carried: DownloadRefusal = {
      ...(refusal ?? { status: 500, error: unexpected }),
      back: backFrom(request, back),
    };
    const secure = context.config.SITE_URL.startsWith("https://");
    throw redirect(refusedPath, {
      headers: { "Set-Cookie": await refusalCookie.serialize(carried, { secure }) },
    });
  }
}

/** The refusal carried to /admin/refused, if a download was refused in the last minute. */
export async function carriedRefusal(request: Request): Promise<DownloadRefusal | undefined> {
  const value = (await refusalCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (typeof value !== "object" || value === null) return undefined;
  const { status, error, back } = value as Partial<DownloadRefusal>;
  if (typeof status !== "number" || status < 400 || status > 599) return undefined;
  if (typeof error !== "string" || typeof back !== "string" || !/^\/admin(\/|$|\?)/.test(back)) {
    return undefined;
  }
  return { status, error, back };
}
