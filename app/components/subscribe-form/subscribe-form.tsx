import { TimeZoneField } from "~/components/forms/time-zone-field";
import { useFetcher } from "react-router";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { subscribeBoxMessages } from "~/content/subscribe-box";
import { cn } from "~/lib/class-names";
import { spamTrapFields } from "~/lib/spam-trap-fields";

export type SubscribeFormProps = {
  /** The page the box is on, stored with the subscriber. */
  source: string;
  className?: string;
};

type SignupAnswer = { status: "subscribed" | "invalid" | "failed" | "confirm"; formToken?: string };

/**
 * A newsletter box: posts the address to the signup action, which sends the confirmation email.
 * With JavaScript it stays on the page and says what happens next; without, /signup answers. Its
 * form token is fetched by the island at the first focus (`data-form-token`, decision 064): the
 * box sits on prerendered pages, which run no React.
 */
export function SubscribeForm({ source, className }: SubscribeFormProps) {
  const fetcher = useFetcher<SignupAnswer>();
  const sending = fetcher.state !== "idle";
  const status = sending ? undefined : fetcher.data?.status;
  const inputId = `subscribe-email-${source.replace(/[^a-z0-9]+/gi, "-")}`;
  const messageId = `${inputId}-message`;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <fetcher.Form
        method="post"
        action="/signup"
        data-form-token=""
        className="flex flex-col gap-2 sm:flex-row"
      >
        <input type="hidden" name="source" value={source} />
        <HoneypotField />
        <TimeZoneField />
        {fetcher.data?.formToken && (
          <input type="hidden" name={spamTrapFields.formToken} value={fetcher.data.formToken} />
        )}
        <Label htmlFor={inputId} className="sr-only">
          Email address
        </Label>
        <Input
          id={inputId}
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="you@example.com"
          className="sm:flex-1"
          aria-describedby={status ? messageId : undefined}
          aria-invalid={status === "invalid" ? true : undefined}
          readOnly={status === "subscribed"}
        />
        <Button type="submit" disabled={sending || status === "subscribed"}>
          {sending ? "Subscribing..." : "Subscribe"}
        </Button>
      </fetcher.Form>
      <p
        id={messageId}
        role="status"
        // Inherits the text colour: the box sits on light and dark sections alike.
        className={cn("text-sm", status && status !== "subscribed" && "text-destructive")}
      >
        {subscribeBoxMessages[status ?? "note"]}
      </p>
    </div>
  );
}
