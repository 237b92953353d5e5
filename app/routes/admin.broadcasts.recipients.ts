import type { Route } from "./+types/admin.broadcasts.recipients";
import { requireAdminPage } from "~/.server/admin";
import { countRecipientsFor } from "~/.server/broadcasts";

/** The compose form's live count: `?list=newsletter&interests=book`, answered as `{ count }`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const count = await countRecipientsFor(context.db, {
    list: query.get("list"),
    interests: query.getAll("interests"),
  });
  if (count === undefined) return Response.json({ error: "Unknown audience." }, { status: 400 });
  return Response.json({ count }, { headers: { "Cache-Control": "no-store" } });
}
