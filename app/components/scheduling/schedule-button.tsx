import type { ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { SCHEDULING_PATH } from "~/lib/scheduling";

type ScheduleButtonProps = Pick<ButtonProps, "variant" | "size" | "className"> & {
  children: ReactNode;
};

/**
 * Opens the external scheduling page (SCHEDULING_URL, through the server's /schedule redirect) in
 * a new tab, or in this window when the new tab is blocked (the island, decision 077). Without
 * JavaScript it is a plain new-tab link.
 */
export function ScheduleButton({ children, ...buttonProps }: ScheduleButtonProps) {
  return (
    <Button asChild {...buttonProps}>
      <a href={SCHEDULING_PATH} target="_blank" rel="noopener" data-schedule>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
