import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";

type Message = { title: string; text: string };

export type NewsletterLinkPageContent = {
  pending: Message & { button: string };
  done: Message & { link: { label: string; href: string } };
  invalid: Message & { link: { label: string; href: string } };
};

/**
 * The page a newsletter email link opens: a button that posts the token (opening the link alone
 * changes nothing), then what happened, or why the link does not work.
 */
export function NewsletterLinkPage({
  content,
  state,
  token,
  doneTestId,
}: {
  content: NewsletterLinkPageContent;
  state: "pending" | "done" | "invalid";
  token: string;
  doneTestId: string;
}) {
  const message = content[state];
  return (
    <section className="container-page flex max-w-2xl flex-col items-start gap-5 py-24">
      <h1
        className="font-serif text-4xl font-semibold"
        data-testid={state === "done" ? doneTestId : undefined}
      >
        {message.title}
      </h1>
      <p className="text-lg text-muted-foreground">{message.text}</p>
      {state === "pending" ? (
        <Form method="post">
          <input type="hidden" name="token" value={token} />
          <Button type="submit" size="lg">
            {content.pending.button}
          </Button>
        </Form>
      ) : (
        <Button asChild size="lg">
          <Link to={content[state].link.href}>{content[state].link.label}</Link>
        </Button>
      )}
    </section>
  );
}
