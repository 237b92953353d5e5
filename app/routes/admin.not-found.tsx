import { data } from "react-router";
import type { Route } from "./+types/admin.not-found";
import { requireAdminPage } from "~/.server/admin";

/** Any other address under /admin: a 404 inside the console, not the public site's page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  throw data(null, 404);
}

export default function AdminNotFound() {
  return null;
}
