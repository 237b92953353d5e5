import { AdminForm } from "./admin-form";
import { AdminTime } from "./admin-time";
import { StatusBadge } from "./status-badge";
import { Button } from "~/components/ui/button";

export type UncertainEmail = {
  id: string;
  purpose: string;
  to_address: string;
  subject: string;
  last_error: string | null;
  uncertain_at: string | null;
};

/**
 * The emails that may not have gone out (their sender died mid-send, or the mail server took
 * them and never answered): counted, each with "Send again" (the reader may get a second copy,
 * so only the owner decides) and "Dismiss" (counted as sent, not sent again). Used by Email health, and by a sequence's page for each step, with
 * `resendAll` (the form's fields) for "Send them again"; `headingId` keeps several on one page apart.
 */
export function UncertainEmails({
  emails,
  total,
  headingId = "uncertain",
  Heading = "h2",
  resendAll,
}: {
  emails: UncertainEmail[];
  total: number;
  headingId?: string;
  Heading?: "h2" | "h3";
  resendAll?: Record<string, string>;
}) {
  if (total === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="uncertain-emails">
      <Heading id={headingId} className="text-lg font-semibold">
        {total} may not have gone out
      </Heading>
      <p className="text-sm text-muted-foreground">
        The mail server may have taken {total === 1 ? "this email" : "these emails"} without saying
        so.{" "}
        {total === 1 ? "It is not sent again on its own" : "They are not sent again on their own"}:
        sending again may give the reader a second copy. Dismiss one you know arrived, or would
        rather not send twice: it then counts as sent.
      </p>
      {resendAll && (
        <AdminForm>
          {Object.entries(resendAll).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" variant="outline">
            Send {total === 1 ? "it" : "them"} again
          </Button>
        </AdminForm>
      )}
      <ul className="divide-y rounded-lg border bg-card">
        {emails.map((email) => (
          <li
            key={email.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <StatusBadge status="uncertain" />
                <span className="font-medium break-words">{email.subject}</span>
              </p>
              <p className="text-sm break-words text-muted-foreground">
                To {email.to_address} · {email.purpose}
                {email.uncertain_at && (
                  <>
                    {" · "}
                    <AdminTime iso={email.uncertain_at} />
                  </>
                )}
              </p>
              {email.last_error && (
                <p className="text-sm break-words text-muted-foreground">{email.last_error}</p>
              )}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <AdminForm>
                <input type="hidden" name="intent" value="resend-uncertain" />
                <input type="hidden" name="id" value={email.id} />
                <Button type="submit" variant="outline" size="sm">
                  Send again
                </Button>
              </AdminForm>
              <AdminForm>
                <input type="hidden" name="intent" value="dismiss-uncertain" />
                <input type="hidden" name="id" value={email.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  aria-label={`Dismiss: count the email to ${email.to_address} as sent`}
                >
                  Dismiss
                </Button>
              </AdminForm>
            </div>
          </li>
        ))}
      </ul>
      {total > emails.length && (
        <p className="text-sm text-muted-foreground">
          The newest {emails.length} are listed; {total - emails.length} more are counted.
        </p>
      )}
    </section>
  );
}
