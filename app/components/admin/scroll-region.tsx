import type { ReactNode } from "react";

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone),
 * so the page itself never does. A named region the keyboard can reach and scroll, and a shadow
 * at each edge where more lies hidden (`scroll-shadows`), so a sighted reader sees there is more.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  /** What the box holds, for screen readers: "Sources", "Attendees". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto scroll-shadows ${className}`}
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrolls sideways`}
      data-scroll-region=""
    >
      {children}
    </div>
  );
}
