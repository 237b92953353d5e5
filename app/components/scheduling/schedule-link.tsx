import type { MouseEvent, ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { useSiteSettings } from "~/lib/use-site-settings";

type ScheduleLinkProps = Pick<ButtonProps, "variant" | "size" | "className"> & {
  children: ReactNode;
};

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The external scheduling page in a new tab; when the browser blocks the tab (window.open
 * returns null) this window goes there instead. Without JavaScript it is a plain new-tab link.
 */
export function ScheduleLink({ children, ...buttonProps }: ScheduleLinkProps) {
  const { schedulingUrl } = useSiteSettings();
  return (
    <Button asChild {...buttonProps}>
      <a
        href={schedulingUrl}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          if (event.defaultPrevented || !isPlainLeftClick(event)) return;
          event.preventDefault();
          // Not the "noopener" feature: with it window.open always returns null and a blocked
          // tab could not be told apart; the opener is cut by hand instead.
          const opened = window.open(schedulingUrl, "_blank");
          if (opened) opened.opener = null;
          else window.location.assign(schedulingUrl);
        }}
      >
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
