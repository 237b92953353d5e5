import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { Button } from "~/components/ui/button";
import { newsletterLinkContent } from "~/content/signup";
import { loadNewsletterLinkPage } from "~/.server/newsletter-link-page";
import { confirmSubscription } from "~/.server/services/subscribers";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = newsletterLinkContent.confirm;

// Opening the link only shows a button (see loadNewsletterLinkPage): mail scanners must not confirm.
export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewsletterLinkPage(request, context, {
    purpose: "confirm",
    title: content.title,
    description: "Confirm your subscription to the newsletter.",
  });
}

export const meta = metaFromLoaderData;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const outcome = await confirmSubscription(context, String(formData.get("token") ?? ""));
  if (outcome === "confirmed") context.outbox.wake();
  return { outcome };
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? (loaderData.valid ? "pending" : "invalid");
  return (
    <section className="container-page flex max-w-2xl flex-col items-start gap-5 py-24">
      {outcome === "pending" && (
        <>
          <h1 className="font-serif text-4xl font-semibold">{content.title}</h1>
          <p className="text-lg text-muted-foreground">{content.text}</p>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" size="lg">
              {content.button}
            </Button>
          </Form>
        </>
      )}
      {(outcome === "confirmed" || outcome === "already-confirmed") && (
        <>
          <h1 className="font-serif text-4xl font-semibold" data-testid="newsletter-confirmed">
            {content.confirmedTitle}
          </h1>
          <p className="text-lg text-muted-foreground">{content.confirmedText}</p>
          <Button asChild size="lg">
            <Link to="/all-resources">{content.guidesLabel}</Link>
          </Button>
        </>
      )}
      {outcome === "invalid" && (
        <>
          <h1 className="font-serif text-4xl font-semibold">{content.invalidTitle}</h1>
          <p className="text-lg text-muted-foreground">{content.invalidText}</p>
          <Button asChild size="lg">
            <Link to="/signup">{content.signupLabel}</Link>
          </Button>
        </>
      )}
    </section>
  );
}
