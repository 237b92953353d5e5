import { BookOpen } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/signup";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { IconList } from "~/components/ui/icon-list";
import { FormIsland } from "~/components/layout/form-island";
import { SignupForm, type SignupActionData } from "~/components/signup/signup-form";
import { signupContent } from "~/content/signup";
import { readFormBody } from "~/.server/http/request-body";
import { logFailure } from "~/.server/core/logger";
import { pageSeo } from "~/.server/content/page-seo";
import { receiveNewsletterSignup } from "~/.server/audience";
import { metaFromLoaderData } from "~/lib/route-meta";
import { siteConfig } from "~/lib/site";
import { spamTrapFields } from "~/lib/spam-trap-fields";
import type { RouteHandle } from "~/root";

export function loader() {
  return {
    content: signupContent,
    meta: pageSeo({
      title: "Stay Connected — Newsletter",
      description: `Subscribe to the ${siteConfig.brand} newsletter: insights and practices for selling from presence, book news and training programs.`,
      path: "/signup",
      keywords: ["sales newsletter", "mindful selling insights"],
    }),
  };
}

export const meta = metaFromLoaderData;

// A form page: its form is an island of its own, so it answers in place (decision 077).
export const handle: RouteHandle = { island: "signup" };

/** The action's headers reach the page's response: a refusal's Retry-After, no-store on a token. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const fields = {
    firstName: form.get("firstName") ?? undefined,
    email: form.get("email") ?? "",
    interests: form.getAll("interests"),
    source: form.get("source") || undefined,
    attribution: form.get("attribution"),
    timeZone: form.get("timeZone"),
  };
  let received;
  try {
    received = await receiveNewsletterSignup(context, {
      fields,
      traps: {
        honeypot: form.get(spamTrapFields.honeypot),
        formToken: form.get(spamTrapFields.formToken),
      },
      clientAddress: context.clientAddress,
    });
  } catch (error) {
    logFailure("newsletter signup not stored", error);
    return data<SignupActionData>({ status: "failed" }, 500);
  }
  if (received.outcome === "invalid") {
    // The form comes back as it was sent, so a page posted without JavaScript loses nothing.
    const sent = {
      firstName: (fields.firstName ?? "").slice(0, 100),
      email: fields.email.slice(0, 254),
      interests: fields.interests.slice(0, 10),
    };
    return data<SignupActionData>(
      { status: "invalid", fieldErrors: received.fieldErrors, fields: sent },
      400,
    );
  }
  if (received.outcome === "rate-limited") {
    return data<SignupActionData>(
      { status: "failed" },
      { status: 429, headers: { "Retry-After": String(received.retryAfterSeconds) } },
    );
  }
  if (received.outcome === "needs-click") {
    return data<SignupActionData>(
      {
        status: "confirm",
        fields: {
          firstName: fields.firstName ?? "",
          email: fields.email,
          interests: fields.interests,
          source: fields.source ?? "/signup",
          attribution: fields.attribution ?? "",
        },
        formToken: received.formToken,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  return data<SignupActionData>({ status: "subscribed" });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { content } = loaderData;
  return (
    <section className="container-page py-16">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Card>
          <FormIsland name="signup" component={SignupForm} props={{ answer: actionData }} />
        </Card>

        <div className="flex flex-col gap-8">
          <Card>
            <CardHeader>
              <h2 className="font-serif text-xl leading-tight font-semibold">
                {content.benefits.title}
              </h2>
            </CardHeader>
            <CardContent>
              <IconList items={content.benefits.items} size="sm" className="flex flex-col gap-3" />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <BookOpen aria-hidden="true" className="size-8 text-accent" />
              <h2 className="font-serif text-xl leading-tight font-semibold">
                {content.book.title}
              </h2>
              <CardDescription>{content.book.text}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline">
                <Link to="/buy-now">{content.book.label}</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
