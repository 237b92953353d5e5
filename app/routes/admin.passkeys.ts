import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Route } from "./+types/admin.passkeys";
import {
  passkeyRegistrationOptions,
  registerPasskey,
  relyingPartyFor,
  requireAdminAction,
} from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";

/** Registers a passkey for the signed-in admin: `intent=options`, then `intent=register`. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const relyingParty = relyingPartyFor(request);
  if (formData.get("intent") === "options") {
    return Response.json(await passkeyRegistrationOptions(context, { session, relyingParty }));
  }
  let response: RegistrationResponseJSON;
  try {
    response = JSON.parse(String(formData.get("response") ?? "")) as RegistrationResponseJSON;
  } catch {
    return Response.json({ error: "The passkey's answer could not be read." }, { status: 400 });
  }
  const outcome = await registerPasskey(context, {
    session,
    relyingParty,
    challengeId: String(formData.get("challengeId") ?? ""),
    response,
  });
  if (outcome === "refused") {
    return Response.json(
      { error: "The passkey could not be registered. Try again." },
      { status: 400 },
    );
  }
  return Response.json({ registered: true });
}
