import { useEffect, useSyncExternalStore } from "react";
import { showToast, type ToastMessage } from "~/components/ui/toaster";
import { cn } from "~/lib/class-names";

const subscribeToNothing = () => () => {};

/**
 * A toast that came with the page (after a form posted without JavaScript): rendered by the
 * server where the toasts appear, so it shows with JavaScript off; once hydrated it becomes a
 * real toast.
 */
export function FlashToast({ toast }: { toast?: ToastMessage }) {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  useEffect(() => {
    if (toast) void showToast(toast);
  }, [toast]);
  if (!toast || hydrated) return null;
  return (
    <div
      role="status"
      data-testid="flash-toast"
      className={cn(
        "fixed right-4 bottom-4 z-50 max-w-sm rounded-md border p-4 shadow-soft",
        toast.variant === "destructive"
          ? "border-destructive bg-destructive text-destructive-foreground"
          : "border-border bg-card text-card-foreground",
      )}
    >
      <p className="font-medium">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
    </div>
  );
}
