import { data, Form, Link } from "react-router";
import { z } from "~/lib/zod";
import type { Route } from "./+types/admin.sign-in";
import { adminMeta } from "~/components/admin/admin-meta";
import { PasskeySignInButton } from "~/components/admin/passkey-sign-in-button";
import { SignInCard } from "~/components/admin/sign-in-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { RouteHandle } from "~/root";
import {
  currentAdminSession,
  requestAdminSignInLink,
  requireSameOrigin,
  signInNonceCookieHeader,
} from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";

export const handle: RouteHandle = { chrome: "bare" };

export const meta = () => adminMeta("Sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await currentAdminSession(request, context);
  return { signedInAs: session?.email };
}

const emailSchema = z.email().max(320);

type ActionData = { outcome: "sent" | "invalid" | "rate-limited"; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const formData = await readFormBody(request);
  const email = emailSchema.safeParse(String(formData.get("email") ?? "").trim());
  if (!email.success) {
    return data<ActionData>({ outcome: "invalid", message: "Enter a valid email address." }, 400);
  }
  const result = await requestAdminSignInLink(context, {
    email: email.data,
    clientAddress: context.clientAddress,
  });
  if (result.outcome === "rate-limited") {
    return data<ActionData>(
      {
        outcome: "rate-limited",
        message: `Too many sign-in requests. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`,
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  // The same answer whether or not the address may sign in: the form reveals no admin.
  return data<ActionData>(
    {
      outcome: "sent",
      message: `If that address may sign in, a link is on its way. It works once, for ${context.config.ADMIN_LINK_TTL_MINUTES} minutes, in this browser.`,
    },
    { headers: { "Set-Cookie": await signInNonceCookieHeader(context, result.browserNonce) } },
  );
}

export default function AdminSignIn({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.outcome === "sent") {
    return (
      <SignInCard title="Check your email">
        <p role="status" data-testid="sign-in-sent">
          {actionData.message}
        </p>
      </SignInCard>
    );
  }
  return (
    <SignInCard title="Sign in to the console" description="We email you a one-time sign-in link.">
      {loaderData.signedInAs && (
        <p className="text-sm">
          You are signed in as {loaderData.signedInAs}.{" "}
          <Link to="/admin" className="text-accent underline underline-offset-4">
            Open the console
          </Link>
        </p>
      )}
      <Form method="post" className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="email">Email</Label>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={actionData ? true : undefined}
            aria-describedby={actionData ? "sign-in-error" : undefined}
          />
          {actionData && (
            <p id="sign-in-error" role="alert" className="text-sm text-destructive">
              {actionData.message}
            </p>
          )}
        </div>
        <Button type="submit" className="w-full">
          Email me a sign-in link
        </Button>
      </Form>
      <PasskeySignInButton />
    </SignInCard>
  );
}
