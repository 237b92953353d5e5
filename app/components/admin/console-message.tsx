import type { ReactNode } from "react";

/** What an action did, announced politely: "Published", "Queued again". */
export function ConsoleNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border bg-card p-3 text-sm">
      {children}
    </p>
  );
}

/** Why an action was refused, announced at once. */
export function ConsoleAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-destructive p-3 text-sm">
      {children}
    </p>
  );
}
