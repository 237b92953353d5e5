import type { Route } from "./+types/booking.invite.$token";
import { currentInvite } from "~/.server/booking";

/** The booking's calendar invite as it stands now (text/calendar, RFC 5545). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invite = await currentInvite(context, params.token);
  if (!invite)
    return new Response(
      "This invite link is not valid. Open the newest email about your session: its invite link is current.",
      {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      },
    );
  const method = /^METHOD:(\w+)/m.exec(invite)?.[1] ?? "REQUEST";
  return new Response(invite, {
    headers: {
      "Content-Type": `text/calendar; charset=utf-8; method=${method}`,
      "Content-Disposition": 'attachment; filename="session.ics"',
      "Cache-Control": "no-store",
    },
  });
}
