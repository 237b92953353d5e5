import { redirect } from "react-router";
import type { Route } from "./+types/admin.sign-out";
import { clearedSessionCookieHeader, requireAdminAction, signOutAdmin } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdminAction(request, context, await readFormBody(request));
  await signOutAdmin(context, session);
  return redirect("/admin/sign-in", {
    headers: { "Set-Cookie": await clearedSessionCookieHeader(context) },
  });
}
