import { BellRing } from "lucide-react";
import { useFetcher } from "react-router";
import { FormTokenField } from "~/components/forms/form-token-field";
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

/** 'Notify me when it's available': a double opt-in waitlist signup shown while sales are closed. */
export function WaitlistForm({ reply: documentReply, formToken }: WaitlistFormProps) {
  const fetcher = useFetcher<WaitlistReply>();
  const reply = fetcher.data ?? documentReply;
  const pending = fetcher.state !== "idle";
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
        <fetcher.Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="waitlist" />
          <HoneypotField />
          <FormTokenField token={formToken} />
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
        </fetcher.Form>
      )}
    </section>
  );
}
