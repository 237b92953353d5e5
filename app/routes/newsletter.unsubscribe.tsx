import type { Route } from "./+types/newsletter.unsubscribe";
import { BroadcastUnsubscribePage } from "~/components/newsletter/broadcast-unsubscribe-page";
import { NewsletterLinkPage } from "~/components/newsletter/newsletter-link-page";
import { newsletterLinkContent } from "~/content/signup";
import {
  broadcastUnsubscribePage,
  unsubscribeFromBroadcast,
} from "~/.server/broadcasts/broadcast-unsubscribe";
import { readFormBody } from "~/.server/http/request-body";
import { loadNewsletterLinkPage } from "~/.server/newsletter-link-page";
import { unsubscribe } from "~/.server/services/subscribers";
import { metaFromLoaderData } from "~/lib/route-meta";

const content = newsletterLinkContent.unsubscribe;

/** Two kinds of link land here: a subscriber's (welcome, confirmation) and a broadcast's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = loadNewsletterLinkPage(request, context, {
    purpose: "unsubscribe",
    title: content.pending.title,
    description: "Unsubscribe from the newsletter.",
  });
  const broadcast = page.valid ? undefined : await broadcastUnsubscribePage(context, page.token);
  return { ...page, broadcast };
}

export const meta = metaFromLoaderData;

/**
 * The page's buttons, and RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to
 * the List-Unsubscribe URL, whose query carries the token (no form token: a mail client has none).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request, { allowUntyped: true });
  const token = new URL(request.url).searchParams.get("token") ?? form.get("token") ?? "";
  const left = await unsubscribeFromBroadcast(context, {
    token,
    everything: form.get("everything") === "yes",
  });
  if (left.outcome === "left") return { outcome: "unsubscribed" as const, broadcast: left.page };
  return { outcome: await unsubscribe(context, token), broadcast: undefined };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const broadcast = actionData?.broadcast ?? loaderData.broadcast;
  if (broadcast) {
    return (
      <BroadcastUnsubscribePage
        token={loaderData.token}
        {...broadcast}
        done={actionData?.outcome === "unsubscribed"}
      />
    );
  }
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
