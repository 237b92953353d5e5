import type { Route } from "./+types/newsletter.unsubscribe";
import { NewsletterLinkPage } from "~/components/newsletter/newsletter-link-page";
import { newsletterLinkContent } from "~/content/signup";
import { readFormBody } from "~/.server/http/request-body";
import { loadNewsletterLinkPage } from "~/.server/newsletter-link-page";
import { unsubscribe } from "~/.server/services/subscribers";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = newsletterLinkContent.unsubscribe;

export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewsletterLinkPage(request, context, {
    purpose: "unsubscribe",
    title: content.pending.title,
    description: "Unsubscribe from the newsletter.",
  });
}

export const meta = metaFromLoaderData;

/**
 * The page's button, and RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe URL, whose query carries the token.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, { allowUntyped: true });
  const token = new URL(request.url).searchParams.get("token") ?? form.get("token") ?? "";
  return { outcome: await unsubscribe(context, token) };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? (loaderData.valid ? "pending" : "invalid");
  return (
    <NewsletterLinkPage
      content={content}
      state={outcome === "unsubscribed" ? "done" : outcome}
      token={loaderData.token}
      doneTestId="newsletter-unsubscribed"
    />
  );
}
