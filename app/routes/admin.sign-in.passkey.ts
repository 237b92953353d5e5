import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Route } from "./+types/admin.sign-in.passkey";
import {
  currentAdminSession,
  passkeySignInOptions,
  relyingPartyFor,
  requireSameOrigin,
  sessionCookieHeader,
  signInWithPasskey,
} from "~/.server/admin";
import { hitRateLimit } from "~/.server/core/rate-limit";
import { readFormBody } from "~/.server/http/request-body";

/** Passkey sign-in for the console: `intent=options` starts the ceremony, `intent=verify` ends it. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const formData = await readFormBody(request);
  const relyingParty = relyingPartyFor(request);
  if (formData.get("intent") === "options") {
    if (context.config.ADMIN_SIGN_IN_RATE_LIMIT > 0) {
      const decision = await hitRateLimit(context.db, {
        bucket: "admin-passkey",
        keys: [context.clientAddress],
        limit: context.config.ADMIN_SIGN_IN_RATE_LIMIT * 4,
        windowMs: 15 * 60_000,
        now: context.clock.now(),
      });
      if (!decision.allowed)
        return Response.json(
          { error: "Too many sign-in attempts. Try again later." },
          { status: 429 },
        );
    }
    return Response.json(await passkeySignInOptions(context, { relyingParty }));
  }
  let response: AuthenticationResponseJSON;
  try {
    response = JSON.parse(String(formData.get("response") ?? "")) as AuthenticationResponseJSON;
  } catch {
    return Response.json({ error: "The passkey's answer could not be read." }, { status: 400 });
  }
  const previous = await currentAdminSession(request, context);
  const result = await signInWithPasskey(context, {
    relyingParty,
    challengeId: String(formData.get("challengeId") ?? ""),
    response,
    previousSessionId: previous?.id,
  });
  if (result.outcome === "refused") {
    return Response.json(
      { error: "That passkey is not registered for the console." },
      { status: 400 },
    );
  }
  return Response.json(
    { signedIn: true },
    { headers: { "Set-Cookie": await sessionCookieHeader(context, result.sessionToken) } },
  );
}
