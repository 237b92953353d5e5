import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/class-names";

export type SubscribeFormProps = {
  /** The page the box is on, stored with the subscriber. */
  source: string;
  className?: string;
};

/** A newsletter box: posts the address to the signup action, which sends the confirmation email. */
export function SubscribeForm({ source, className }: SubscribeFormProps) {
  return (
    <Form
      method="post"
      action="/signup"
      className={cn("flex flex-col gap-2 sm:flex-row", className)}
    >
      <input type="hidden" name="source" value={source} />
      <Label htmlFor={`subscribe-email-${source}`} className="sr-only">
        Email address
      </Label>
      <Input
        id={`subscribe-email-${source}`}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        className="sm:flex-1"
      />
      <Button type="submit">Subscribe</Button>
    </Form>
  );
}
