import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useAdminSession } from "./admin-session";
import { useWebAuthnSupport } from "./use-webauthn-support";

/** Creates a passkey on this device for the signed-in admin (WebAuthn needs JavaScript). */
export function AddPasskeyButton() {
  const supported = useWebAuthnSupport();
  const { csrfToken } = useAdminSession();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!supported) {
    return (
      <p className="text-sm text-muted-foreground">
        Adding a passkey needs a browser with JavaScript and passkey support.
      </p>
    );
  }

  async function post(fields: Record<string, string>) {
    const response = await fetch("/admin/passkeys", {
      method: "POST",
      body: new URLSearchParams({ csrf: csrfToken, ...fields }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(String(body.error));
    return body;
  }

  async function add() {
    setBusy(true);
    setError(undefined);
    try {
      // Loaded on click, so no page carries the WebAuthn client until it is needed.
      const { startRegistration } = await import("@simplewebauthn/browser");
      const options = await post({ intent: "options" });
      const answer = await startRegistration({ optionsJSON: options.options as never });
      await post({
        intent: "register",
        challengeId: String(options.challengeId),
        response: JSON.stringify(answer),
      });
      // A fresh page lists the new passkey and says so.
      window.location.assign("/admin/security?added=1");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "The passkey was not added.");
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button type="button" onClick={add} disabled={busy}>
        Add a passkey
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
