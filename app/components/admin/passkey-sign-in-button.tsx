import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useWebAuthnSupport } from "./use-webauthn-support";

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: "POST", body: new URLSearchParams(fields) });
  return { ok: response.ok, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Signs in with a passkey registered earlier. It needs JavaScript (WebAuthn is a script API), so
 * it appears only once the page is interactive; the emailed link works without.
 */
export function PasskeySignInButton() {
  const supported = useWebAuthnSupport();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(undefined);
    try {
      // Loaded on click: the WebAuthn client never weighs on a page that does not use it.
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const options = await postForm("/admin/sign-in/passkey", { intent: "options" });
      if (!options.ok) throw new Error(String(options.body.error));
      const answer = await startAuthentication({ optionsJSON: options.body.options as never });
      const verified = await postForm("/admin/sign-in/passkey", {
        intent: "verify",
        challengeId: String(options.body.challengeId),
        response: JSON.stringify(answer),
      });
      if (!verified.ok) throw new Error(String(verified.body.error));
      window.location.assign("/admin");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Passkey sign-in did not work.");
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button type="button" variant="outline" className="w-full" onClick={signIn} disabled={busy}>
        Sign in with a passkey
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
