import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ToastMessage } from "~/lib/toast-message";

/** The spec's toasts: bottom-right, Alt+T focuses them, region 'Notifications', about 5 s. */
export const TOAST_DURATION_MS = 5000;

export type { ToastMessage };

let markReady: () => void;
const toasterReady = new Promise<void>((resolve) => (markReady = resolve));

// sonner runs with the first toast; a form island's page fetches it as it loads (vite.config.ts),
// so the toast after a send does not wait for the network.
const LazyToaster = lazy(async () => {
  const { Toaster } = await import("sonner");
  function ReadyToaster() {
    useEffect(() => markReady(), []);
    return (
      <Toaster
        position="bottom-right"
        hotkey={["altKey", "KeyT"]}
        containerAriaLabel="Notifications"
        duration={TOAST_DURATION_MS}
        closeButton
        toastOptions={{
          classNames: {
            toast: "font-sans !border-border !bg-card !text-card-foreground shadow-soft",
            description: "!text-muted-foreground",
            error:
              "!bg-destructive !text-destructive-foreground !border-destructive [&_[data-description]]:!text-destructive-foreground",
          },
        }}
      />
    );
  }
  return { default: ReadyToaster };
});

let toasterRequested = false;
const requestListeners = new Set<() => void>();

function requestToaster() {
  if (toasterRequested) return;
  toasterRequested = true;
  requestListeners.forEach((listener) => listener());
}

function subscribeToRequests(listener: () => void) {
  requestListeners.add(listener);
  return () => {
    requestListeners.delete(listener);
  };
}

/** The toast region: mounted when the first toast is shown. */
export function Toaster() {
  const requested = useSyncExternalStore(
    subscribeToRequests,
    () => toasterRequested,
    () => false,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

/** Shows a toast; waits for the toast region when it is still loading. */
export async function showToast({ title, description, variant = "default" }: ToastMessage) {
  requestToaster();
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  if (variant === "destructive") toast.error(title, { description });
  else if (variant === "success") toast.success(title, { description });
  else toast(title, { description });
}
