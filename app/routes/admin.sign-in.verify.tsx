import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/admin.sign-in.verify";
import { adminMeta } from "~/components/admin/admin-meta";
import { SignInCard } from "~/components/admin/sign-in-card";
import { Button } from "~/components/ui/button";
import type { RouteHandle } from "~/root";
import {
  clearedSignInNonceCookieHeader,
  currentAdminSession,
  redeemAdminSignInLink,
  requireSameOrigin,
  sessionCookieHeader,
  signInNonce,
} from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";

export const handle: RouteHandle = { chrome: "bare" };

export const meta = () => adminMeta("Sign in");

// Opening the link only shows a button: a mail scanner fetching it must not spend it.
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const formData = await readFormBody(request);
  const previous = await currentAdminSession(request, context);
  const result = await redeemAdminSignInLink(context, {
    token: String(formData.get("token") ?? ""),
    browserNonce: await signInNonce(request),
    previousSessionId: previous?.id,
  });
  if (result.outcome === "refused") return data({ refused: true }, 400);
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookieHeader(context, result.sessionToken));
  headers.append("Set-Cookie", await clearedSignInNonceCookieHeader(context));
  return redirect("/admin", { headers });
}

export default function AdminSignInVerify({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.refused || !loaderData.token) {
    return (
      <SignInCard title="This link does not work">
        <p role="alert" data-testid="sign-in-refused">
          The sign-in link is unknown, already used or expired, or was opened in another browser
          than the one that asked for it.
        </p>
        <Button asChild className="w-full">
          <a href="/admin/sign-in">Ask for a new link</a>
        </Button>
      </SignInCard>
    );
  }
  return (
    <SignInCard title="Sign in to the console">
      <Form method="post" reloadDocument>
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" className="w-full">
          Sign in
        </Button>
      </Form>
    </SignInCard>
  );
}
