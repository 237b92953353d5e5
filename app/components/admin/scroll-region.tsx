import type { ReactNode } from "react";

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone),
 * so the page itself never does. A named region the keyboard can reach and scroll, and a shadow
 * at each edge where more lies hidden (`scroll-shadows`), so a sighted reader sees there is more.
 */
export function ScrollRegion({
  label,
  className = "",
  tall = false,
  children,
}: {
  /** What the box holds, for screen readers: "Sources", "Attendees". */
  label: string;
  className?: string;
  /** It also scrolls down, past about a dozen rows, so a long list never stretches the page. */
  tall?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto scroll-shadows ${tall ? "max-h-[26rem] overflow-y-auto" : ""} ${className}`}
      tabIndex={0}
      role="region"
      aria-label={`${label}, scrolls ${tall ? "down and sideways" : "sideways"}`}
      data-scroll-region=""
    >
      {children}
    </div>
  );
}
