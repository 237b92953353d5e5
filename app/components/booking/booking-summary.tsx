import { minutesText, type BookingSummary } from "~/lib/booking-summary";

/**
 * What is booked, as the booker's own pages show it: the session, its time in their zone (and the
 * owner's, where that differs), the address the emails go to, and a hold's length and end.
 * `emailNote` says what was sent there ("We sent the confirmation link to").
 */
export function BookingSummaryCard({
  summary,
  emailNote,
}: {
  summary: BookingSummary;
  emailNote?: string;
}) {
  return (
    <dl
      className="grid gap-x-6 gap-y-3 rounded-md border border-border p-4 sm:grid-cols-[auto_1fr]"
      data-testid="booking-summary"
    >
      <dt className="font-semibold">Session</dt>
      <dd data-testid="booking-summary-session">
        {summary.title}, {summary.minutes} minutes
      </dd>
      <dt className="font-semibold">When</dt>
      <dd data-testid="booking-summary-when">
        {summary.when}
        <span className="block text-muted-foreground">Time zone: {summary.zone}</span>
      </dd>
      {summary.ownerWhen && (
        <>
          <dt className="font-semibold">Host&apos;s time</dt>
          <dd data-testid="booking-summary-owner-when">
            {summary.ownerWhen.when}
            <span className="block text-muted-foreground">Time zone: {summary.ownerWhen.zone}</span>
          </dd>
        </>
      )}
      <dt className="font-semibold">Email</dt>
      <dd data-testid="booking-summary-email" className="break-words">
        {emailNote ? `${emailNote} ` : ""}
        <strong>{summary.email}</strong>
      </dd>
      {summary.hold && (
        <>
          <dt className="font-semibold">Held for</dt>
          <dd data-testid="booking-summary-hold">
            {minutesText(summary.hold.minutes)}, until {summary.hold.until}
          </dd>
        </>
      )}
    </dl>
  );
}
