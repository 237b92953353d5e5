import type { MouseEvent, ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { openInNewTab, SCHEDULING_PATH } from "~/lib/scheduling";

type ScheduleButtonProps = Pick<ButtonProps, "variant" | "size" | "className"> & {
  children: ReactNode;
};

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Opens the external scheduling page (SCHEDULING_URL, through the server's /schedule redirect) in
 * a new tab, or in this window when the new tab is blocked. Without JavaScript it is a plain
 * new-tab link.
 */
export function ScheduleButton({ children, ...buttonProps }: ScheduleButtonProps) {
  return (
    <Button asChild {...buttonProps}>
      <a
        href={SCHEDULING_PATH}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          if (event.defaultPrevented || !isPlainLeftClick(event)) return;
          event.preventDefault();
          openInNewTab(SCHEDULING_PATH);
        }}
      >
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
