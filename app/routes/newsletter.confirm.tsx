import type { Route } from "./+types/newsletter.confirm";
import { NewsletterLinkPage } from "~/components/newsletter/newsletter-link-page";
import { newsletterLinkContent } from "~/content/signup";
import { readFormBody } from "~/.server/http/request-body";
import { loadNewsletterLinkPage } from "~/.server/newsletter-link-page";
import { confirmSubscription } from "~/.server/services/subscribers";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = newsletterLinkContent.confirm;

// Opening the link only shows a button (see loadNewsletterLinkPage): mail scanners must not confirm.
export function loader({ request, context }: Route.LoaderArgs) {
  return loadNewsletterLinkPage(request, context, {
    purpose: "confirm",
    title: content.pending.title,
    description: "Confirm your subscription to the newsletter.",
  });
}

export const meta = metaFromLoaderData;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  return { outcome: await confirmSubscription(context, form.get("token") ?? "") };
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData?.outcome ?? (loaderData.valid ? "pending" : "invalid");
  const state = outcome === "confirmed" || outcome === "already-confirmed" ? "done" : outcome;
  return (
    <NewsletterLinkPage
      content={content}
      state={state}
      token={loaderData.token}
      doneTestId="newsletter-confirmed"
    />
  );
}
