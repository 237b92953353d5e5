import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";

/** The spec's toasts: bottom-right, Alt+T focuses them, region 'Notifications', about 5 s. */
export const TOAST_DURATION_MS = 5000;

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
};

let markReady: () => void;
const toasterReady = new Promise<void>((resolve) => (markReady = resolve));

// sonner is loaded after hydration so it stays out of the first-load JavaScript.
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

const subscribeToNothing = () => () => {};

/** Mounts the toast region once the page is interactive. */
export function Toaster() {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

/** Shows a toast; waits for the toast region when it is still loading. */
export async function showToast({ title, description, variant = "default" }: ToastMessage) {
  const [{ toast }] = await Promise.all([import("sonner"), toasterReady]);
  if (variant === "destructive") toast.error(title, { description });
  else if (variant === "success") toast.success(title, { description });
  else toast(title, { description });
}
