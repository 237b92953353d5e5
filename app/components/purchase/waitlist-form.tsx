import { TimeZoneField } from "~/components/forms/time-zone-field";
import { BellRing } from "lucide-react";
import type { FormEvent } from "react";
import { FormTokenField } from "~/components/forms/form-token-field";
import { useIslandPost } from "~/components/forms/use-island-post";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { buyNowContent } from "~/content/buy-now";

const { waitlist } = buyNowContent;

/** What the purchase page's action answers to a waitlist signup. */
export type WaitlistReply = { intent: "waitlist"; ok: boolean; message: string };

type WaitlistFormProps = {
  /** The action's answer when the form was posted without JavaScript. */
  reply?: WaitlistReply;
  /** The server-signed start time the spam trap checks. */
  formToken: string;
};

/** What the purchase page hands its island that the waitlist form reads back from an answer. */
type AnsweredPage = { formToken: string; waitlistReply?: WaitlistReply };

/**
 * 'Notify me when it's available': a double opt-in waitlist signup shown while sales are closed,
 * answered in place (part of the /buy-now island).
 */
export function WaitlistForm({ reply: documentReply, formToken }: WaitlistFormProps) {
  const { sending: pending, answer: posted, post } = useIslandPost<AnsweredPage>("buy-now");
  // A post that got no page back failed on the way (network down, a proxy's error page).
  const reply: WaitlistReply | undefined = posted
    ? (posted.props?.waitlistReply ?? { intent: "waitlist", ok: false, message: waitlist.failed })
    : documentReply;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) void post(event.currentTarget);
  };
  return (
    <section
      aria-labelledby="waitlist-title"
      className="rounded-lg border border-accent/30 bg-card p-6 shadow-soft"
      data-testid="waitlist"
    >
      <h2
        id="waitlist-title"
        className="flex items-center gap-2 text-xl font-semibold text-primary"
      >
        <BellRing className="size-5 text-accent" aria-hidden="true" />
        {waitlist.title}
      </h2>
      {reply?.ok ? (
        <p role="status" className="mt-3 text-foreground" data-testid="waitlist-reply">
          {reply.message}
        </p>
      ) : (
        <form method="post" onSubmit={onSubmit} className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="waitlist" />
          <HoneypotField />
          <TimeZoneField />
          <FormTokenField token={posted?.props?.formToken ?? formToken} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Label htmlFor="waitlist-email" className="sr-only">
              {waitlist.label}
            </Label>
            <Input
              id="waitlist-email"
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder={waitlist.placeholder}
              className="sm:flex-1"
              aria-invalid={reply && !reply.ok ? true : undefined}
              aria-describedby={reply && !reply.ok ? "waitlist-error" : "waitlist-consent"}
            />
            <Button type="submit" variant="enlighten" disabled={pending}>
              {pending ? waitlist.pending : waitlist.button}
            </Button>
          </div>
          {reply && !reply.ok && (
            <p id="waitlist-error" role="alert" className="text-sm text-destructive">
              {reply.message}
            </p>
          )}
          <p id="waitlist-consent" className="text-sm text-muted-foreground">
            {waitlist.consent}
          </p>
        </form>
      )}
    </section>
  );
}
