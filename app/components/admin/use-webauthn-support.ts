import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/** Whether this browser can use passkeys; false on the server and during hydration. */
export function useWebAuthnSupport() {
  return useSyncExternalStore(
    neverChanges,
    () => typeof window.PublicKeyCredential === "function",
    () => false,
  );
}
