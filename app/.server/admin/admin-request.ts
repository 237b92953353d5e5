import { createCookie, data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { findAdminSession, type AdminSession } from "./admin-sessions";

/**
 * The console's HTTP edge: its cookies, and the checks every admin page and action goes through.
 * Pages get their session from the `/admin` layout's loader (requireAdminPage); every action calls
 * requireAdminAction itself, since a POST runs the action before any parent loader.
 */
export const signInPath = "/admin/sign-in";

const sessionCookie = createCookie("admin_session", {
  httpOnly: true,
  sameSite: "lax",
  path: "/admin",
});

const signInNonceCookie = createCookie("admin_sign_in", {
  httpOnly: true,
  sameSite: "lax",
  path: signInPath,
});

const secure = (context: AppLoadContext) => context.config.SITE_URL.startsWith("https://");

async function sessionToken(request: Request) {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

export async function currentAdminSession(request: Request, context: AppLoadContext) {
  return findAdminSession(context, await sessionToken(request));
}

export function sessionCookieHeader(context: AppLoadContext, token: string) {
  return sessionCookie.serialize(token, {
    secure: secure(context),
    maxAge: context.config.ADMIN_SESSION_MAX_HOURS * 3600,
  });
}

export function clearedSessionCookieHeader(context: AppLoadContext) {
  return sessionCookie.serialize("", { secure: secure(context), maxAge: 0 });
}

export function signInNonceCookieHeader(context: AppLoadContext, nonce: string) {
  return signInNonceCookie.serialize(nonce, {
    secure: secure(context),
    maxAge: context.config.ADMIN_LINK_TTL_MINUTES * 60,
  });
}

export function clearedSignInNonceCookieHeader(context: AppLoadContext) {
  return signInNonceCookie.serialize("", { secure: secure(context), maxAge: 0 });
}

export async function signInNonce(request: Request) {
  const value: unknown = await signInNonceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : undefined;
}

/** The admin's session, or a redirect to the sign-in page. */
export async function requireAdminPage(
  request: Request,
  context: AppLoadContext,
): Promise<AdminSession> {
  const session = await currentAdminSession(request, context);
  if (!session) throw redirect(signInPath);
  return session;
}

/**
 * A browser sends Origin with every POST; one from another site is a forged request. Without
 * Origin (old clients), Sec-Fetch-Site must not say cross-site.
 */
export function isSameOriginRequest(request: Request, context: AppLoadContext) {
  const origin = request.headers.get("Origin");
  if (origin) {
    return (
      origin === new URL(request.url).origin || origin === new URL(context.config.SITE_URL).origin
    );
  }
  const fetchSite = request.headers.get("Sec-Fetch-Site");
  return !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
}

/** Refuses a forged request before it reaches a sign-in form's service. */
export function requireSameOrigin(request: Request, context: AppLoadContext) {
  if (!isSameOriginRequest(request, context)) {
    throw data({ error: "Cross-site request refused." }, 403);
  }
}

/**
 * Every state-changing admin request: 401 without a live session, 403 when it comes from another
 * site or lacks this session's CSRF token (the hidden `csrf` field of every console form).
 */
export async function requireAdminAction(
  request: Request,
  context: AppLoadContext,
  formData: URLSearchParams,
): Promise<AdminSession> {
  const session = await requireAdminSession(request, context);
  requireSameOrigin(request, context);
  if (formData.get("csrf") !== session.csrfToken) {
    throw data({ error: "This form has expired: reload the page and try again." }, 403);
  }
  return session;
}

/** 401 without a live session: checked before a large upload is read at all. */
export async function requireAdminSession(
  request: Request,
  context: AppLoadContext,
): Promise<AdminSession> {
  const session = await currentAdminSession(request, context);
  if (!session) throw data({ error: "Sign in to the console first." }, 401);
  return session;
}

/** The WebAuthn relying party as the browser sees this request: its host name and origin. */
export function relyingPartyFor(request: Request) {
  const url = new URL(request.url);
  return { id: url.hostname, origin: url.origin };
}
