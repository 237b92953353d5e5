import { Badge } from "~/components/ui/badge";

const variants = {
  new: "default",
  replied: "secondary",
  archived: "outline",
  pending: "outline",
  sending: "secondary",
  sent: "secondary",
  failed: "destructive",
  cancelled: "outline",
  draft: "outline",
  scheduled: "secondary",
  queued: "secondary",
  // Waits for the owner: resume, send now or reschedule.
  paused: "destructive",
  overdue: "destructive",
  held: "outline",
  uncertain: "destructive",
} as const;

/** A message's, an email's or a broadcast's status, coloured by how much it asks of the owner. */
export function StatusBadge({ status }: { status: keyof typeof variants }) {
  return <Badge variant={variants[status]}>{status}</Badge>;
}
