import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/class-names";

/**
 * A modal `<dialog>` in the design system's look, opened by a `data-dialog-trigger` whose
 * `aria-controls` names it (the island, decision 077). The browser makes the page inert, closes it
 * on Escape and hands focus back to the trigger; the X button and a press on the backdrop close it.
 */
export function NativeDialog({ className, children, ...props }: ComponentProps<"dialog">) {
  return (
    <dialog
      className={cn(
        "m-auto w-[calc(100vw-2rem)] max-w-lg animate-[dialog-in_180ms_ease-out] gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-soft backdrop:bg-foreground/70 open:grid",
        className,
      )}
      {...props}
    >
      {children}
      <button
        type="button"
        data-dialog-close
        className="absolute top-3 right-3 rounded-sm p-1 text-muted-foreground opacity-80 transition-opacity hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-5" aria-hidden="true" />
        <span className="sr-only">Close</span>
      </button>
    </dialog>
  );
}
