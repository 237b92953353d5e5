import { cn } from "~/lib/class-names";

/**
 * How a status sits with the owner, each a colour of its own. Light grounds under 800 or 900 text
 * (7:1 or more), white on red-700 (about 6.5:1): all above WCAG AA's 4.5:1.
 */
const tones = {
  draft: "border-slate-400 bg-white text-slate-900",
  waiting: "border-amber-300 bg-amber-100 text-amber-900",
  planned: "border-violet-300 bg-violet-100 text-violet-900",
  moving: "border-sky-300 bg-sky-100 text-sky-900",
  fresh: "border-blue-300 bg-blue-100 text-blue-900",
  done: "border-emerald-300 bg-emerald-100 text-emerald-900",
  problem: "border-red-700 bg-red-700 text-white",
  closed: "border-slate-300 bg-slate-200 text-slate-800",
} as const;

export type StatusTone = keyof typeof tones;

/**
 * Every status the console shows, by what it asks of the owner. A word means the same in every
 * kind (an order's, a list member's and an email's `pending` all wait), and within one kind no
 * two statuses share a tone, so the colour tells them apart as well as the word.
 */
export const statusTones = {
  // Contact messages
  new: "fresh",
  replied: "done",
  archived: "closed",
  // Emails in the outbox, and broadcasts
  pending: "waiting",
  queued: "waiting",
  sending: "moving",
  sent: "done",
  failed: "problem",
  cancelled: "closed",
  draft: "draft",
  scheduled: "planned",
  // Waits for the owner: resume, send now or reschedule.
  paused: "problem",
  overdue: "problem",
  // An email held back by the refusal breaker, and one that may not have gone out after a crash.
  held: "waiting",
  uncertain: "problem",
  // Orders
  paid: "done",
  refunded: "planned",
  // A Checkout session left unpaid until Stripe closed it.
  expired: "closed",
  // List memberships
  confirmed: "done",
  // Email sequences (draft and paused as above)
  active: "moving",
  unsubscribed: "closed",
} as const satisfies Record<string, StatusTone>;

export type Status = keyof typeof statusTones;

/**
 * A status chip: the word, coloured by its tone; `label` names what it is the status of (a list),
 * put before the word.
 */
export function StatusBadge({ status, label }: { status: Status; label?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        tones[statusTones[status]],
      )}
      data-status={status}
      data-tone={statusTones[status]}
    >
      {label ? `${label}: ${status}` : status}
    </span>
  );
}
