import { data } from "react-router";
import type { Route } from "./+types/admin.booking.calendar";
import { adminMeta } from "~/components/admin/admin-meta";
import { BusyCalendarSection } from "~/components/admin/booking/busy-calendar-section";
import { FeedSection } from "~/components/admin/booking/feed-section";
import { BackLink } from "~/components/page/back-link";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import {
  busyCalendarStatus,
  newFeedAddress,
  saveBusyCalendarUrl,
  stopFeed,
} from "~/.server/booking";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Your calendar");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return busyCalendarStatus(context.db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "new-feed") {
    const { feedUrl } = await newFeedAddress(context, session.email);
    return { intent, feedUrl, message: "The new address is below: it is shown only this once." };
  }
  if (intent === "stop-feed") {
    await stopFeed(context, session.email);
    return { intent, message: "The feed is stopped: its address no longer works." };
  }
  if (intent === "busy-url" || intent === "clear-busy") {
    const url = intent === "clear-busy" ? "" : String(formData.get("busyUrl") ?? "");
    const outcome = await saveBusyCalendarUrl(context, { url, actor: session.email });
    if (outcome.outcome === "invalid")
      return data({ intent, message: outcome.error, submitted: url, failed: true as const }, 400);
    return {
      intent,
      message:
        outcome.outcome === "saved"
          ? "Saved: busy times from this calendar now block slots."
          : "Removed: your calendar's busy times no longer block slots.",
    };
  }
  return data({ intent, message: "Unknown action." }, 400);
}

export default function AdminBookingCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as
    | { intent: string; message: string; feedUrl?: string; submitted?: string; failed?: true }
    | undefined;
  const feedResult = result?.intent.endsWith("feed") ? result : undefined;
  const busyResult = result && !feedResult ? result : undefined;
  return (
    <div className="space-y-8">
      <BackLink to="/admin/booking" label="Booking" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Your calendar</h1>
      <FeedSection feedCreatedAt={loaderData.feedCreatedAt} result={feedResult} />
      <BusyCalendarSection busy={loaderData.busy} result={busyResult} />
    </div>
  );
}
