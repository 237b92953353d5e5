import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { broadcastUnsubscribeContent as content } from "~/content/signup";

/**
 * A broadcast's unsubscribe link: the list it leaves, what the person stays on, and a way to
 * leave everything. Opening the page changes nothing; its buttons post the token.
 */
export function BroadcastUnsubscribePage({
  token,
  leaves,
  otherLists,
  done,
}: {
  token: string;
  leaves: string;
  otherLists: string[];
  done: boolean;
}) {
  return (
    <section className="container-page flex max-w-2xl flex-col items-start gap-5 py-24">
      <h1
        className="font-serif text-4xl font-semibold"
        data-testid={done ? "newsletter-unsubscribed" : undefined}
      >
        {done ? content.doneTitle : content.pendingTitle(leaves)}
      </h1>
      <p className="text-lg text-muted-foreground">
        {done ? content.doneText(leaves) : content.pendingText}
      </p>
      {otherLists.length > 0 ? (
        <div className="space-y-2" data-testid="lists-kept">
          <p>{content.keptIntro}</p>
          <ul className="list-disc pl-6">
            {otherLists.map((list) => (
              <li key={list}>{list}</li>
            ))}
          </ul>
        </div>
      ) : (
        done && <p>{content.keptNone}</p>
      )}
      <div className="flex flex-wrap gap-3">
        {!done && (
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg">
              {content.button}
            </Button>
          </Form>
        )}
        {otherLists.length > 0 && (
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="everything" value="yes" />
            <Button type="submit" size="lg" variant="outline">
              {content.leaveAll}
            </Button>
          </Form>
        )}
        {done && (
          <Button asChild size="lg" variant="outline">
            <Link to={content.home.href}>{content.home.label}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}
