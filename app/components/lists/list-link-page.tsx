import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";

type Message = { title: string; text: string };
type MessageWithLink = Message & { link: { label: string; href: string } };

export type ListLinkPageContent = {
  pending: Message & { button: string };
  done: MessageWithLink;
  invalid: MessageWithLink;
  /** Without it, an expired link is shown as not valid. */
  expired?: MessageWithLink;
};

export type ListLinkPageState = "pending" | "done" | "invalid" | "expired";

/**
 * The page a list email's link opens: a button that posts (opening the link alone changes
 * nothing, so mail scanners confirm nobody), then what happened, or why the link does not work.
 */
export function ListLinkPage({
  content,
  state,
  testId,
}: {
  content: ListLinkPageContent;
  state: ListLinkPageState;
  testId?: string;
}) {
  if (state === "pending") {
    return (
      <ListLinkMessage message={content.pending} testId={testId}>
        <Form method="post">
          <Button type="submit" size="lg">
            {content.pending.button}
          </Button>
        </Form>
      </ListLinkMessage>
    );
  }
  const message =
    (state === "expired" ? content.expired : undefined) ??
    content[state === "expired" ? "invalid" : state];
  return (
    <ListLinkMessage message={message} testId={testId}>
      <Button asChild size="lg">
        <Link to={message.link.href}>{message.link.label}</Link>
      </Button>
    </ListLinkMessage>
  );
}

function ListLinkMessage({
  message,
  testId,
  children,
}: {
  message: Message;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="container-page flex max-w-2xl flex-col items-start gap-5 py-24">
      <h1 className="font-serif text-4xl font-semibold" data-testid={testId}>
        {message.title}
      </h1>
      <p className="text-lg text-muted-foreground">{message.text}</p>
      {children}
    </section>
  );
}
