import { data } from "react-router";
import type { Route } from "./+types/admin.refused";
import { carriedRefusal, requireAdminPage } from "~/.server/admin";

/**
 * Where a refused console download lands (see download-refusals.ts): the refusal is thrown again
 * with its own status, so the console's error boundary shows it inside the layout with a way back.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const refusal = await carriedRefusal(request);
  if (!refusal) throw data({ error: "There is no refused request to show.", back: "/admin" }, 404);
  throw data({ error: refusal.error, back: refusal.back }, refusal.status);
}

export default function AdminRefused() {
  return null;
}
