import { redirect } from "react-router";
import type { Route } from "./+types/admin.sign-out";
import { clearedSessionCookieHeader, requireAdminAction } from "~/.server/admin/admin-request";
import { signOutAdmin } from "~/.server/admin/admin-sessions";
import { readFormBody } from "~/.server/http/request-body";

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request, context, await readFormBody(request));
  await signOutAdmin(context, session);
  return redirect("/admin/sign-in", {
    headers: { "Set-Cookie": await clearedSessionCookieHeader(context) },
  });
}
