import type { Route } from "./+types/booking.feed.$file";
import { ownerFeed } from "~/.server/booking";

const plain = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** The owner's private calendar feed, `/booking/feed/<token>.ics`, for their calendar app. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.file.endsWith(".ics") ? params.file.slice(0, -4) : "";
  const feed = await ownerFeed(context, { token, clientAddress: context.clientAddress });
  if (feed.outcome === "rate-limited")
    return new Response("Too many requests for this feed; try again later.", {
      status: 429,
      headers: { ...plain, "Retry-After": String(feed.retryAfterSeconds) },
    });
  if (feed.outcome === "not-found")
    return new Response(
      "This calendar address is not valid. Make a new one in the console, under Booking, Calendar.",
      { status: 404, headers: plain },
    );
  return new Response(feed.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
