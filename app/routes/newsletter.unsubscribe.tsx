import { Form, Link } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { Button } from "~/components/ui/button";
import { newsletterLinkContent } from "~/content/signup";
import { loadNewsletterLinkPage } from "~/.server/newsletter-link-page";
import { unsubscribe } from "~/.server/services/subscribers";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = newsletterLinkContent.unsubscribe;

export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewsletterLinkPage(request, context, {
    purpose: "unsubscribe",
    title: content.title,
    description: "Unsubscribe from the newsletter.",
  });
}

export const meta = metaFromLoaderData;

/**
 * The page's button, and RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe URL, whose query carries the token.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const token =
    new URL(request.url).searchParams.get("token") ?? String(formData.get("token") ?? "");
  return { outcome: await unsubscribe(context, token) };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
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
      {outcome === "unsubscribed" && (
        <>
          <h1 className="font-serif text-4xl font-semibold" data-testid="newsletter-unsubscribed">
            {content.doneTitle}
          </h1>
          <p className="text-lg text-muted-foreground">{content.doneText}</p>
          <Button asChild size="lg">
            <Link to="/">{content.homeLabel}</Link>
          </Button>
        </>
      )}
      {outcome === "invalid" && (
        <>
          <h1 className="font-serif text-4xl font-semibold">{content.invalidTitle}</h1>
          <p className="text-lg text-muted-foreground">{content.invalidText}</p>
          <Button asChild size="lg">
            <Link to="/contact">Contact us</Link>
          </Button>
        </>
      )}
    </section>
  );
}
