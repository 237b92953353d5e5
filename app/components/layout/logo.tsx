import { siteConfig } from "~/lib/site";

/** The brand mark: a calm circle with a rising horizon, and the brand name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <span className="flex items-center gap-2.5">
        <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
          <circle cx="16" cy="16" r="15" fill="var(--color-primary)" />
          <path
            d="M6 20c3-4.5 6.5-6.5 10-6.5S23 15.5 26 20"
            fill="none"
            stroke="var(--color-gold)"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <circle cx="16" cy="10.5" r="2.5" fill="var(--color-gold)" />
        </svg>
        <span className="font-serif text-lg font-semibold tracking-tight text-primary">
          {siteConfig.brand}
        </span>
      </span>
    </span>
  );
}
