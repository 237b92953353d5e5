import { useEffect, useState } from "react";
import { spamTrapFields } from "~/lib/spam-trap-fields";

/**
 * The server-signed time the form was handed out, for the spam trap. Server-rendered pages pass
 * the token they rendered; on prerendered pages it is fetched once the page is live (a token baked
 * in at build time would be stale). Without JavaScript such a form is sent without one.
 */
export function FormTokenField({ token }: { token?: string }) {
  const [fetched, setFetched] = useState<string>();
  useEffect(() => {
    if (token !== undefined) return;
    let current = true;
    fetch("/functions/v1/form-token")
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: { token?: string } | undefined) => {
        if (current && body?.token) setFetched(body.token);
      })
      .catch(() => {
        // Offline or blocked: the form is sent without a token and dropped as a bot's would be.
      });
    return () => {
      current = false;
    };
  }, [token]);
  const value = token ?? fetched;
  return value ? <input type="hidden" name={spamTrapFields.formToken} value={value} /> : null;
}
