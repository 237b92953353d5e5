import { BookOpen, Heart } from "lucide-react";
import { data, Link, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/signup";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { IconList } from "~/components/ui/icon-list";
import { FormTokenField } from "~/components/forms/form-token-field";
import { OneMoreClickFields, type ReturnedSignup } from "~/components/signup/one-more-click-form";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextField } from "~/components/forms/text-field";
import { signupContent } from "~/content/signup";
import { subscribeBoxMessages } from "~/content/subscribe-box";
import { readFormBody } from "~/.server/http/request-body";
import { logFailure } from "~/.server/core/logger";
import { pageSeo } from "~/.server/content/page-seo";
import { receiveNewsletterSignup } from "~/.server/audience/newsletter-signup";
import { newsletterInterests } from "~/lib/newsletter-interests";
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

// A form page: React runs it, so the form answers in place (decision 077).
export const handle: RouteHandle = { hydrate: true };

/** The action's headers reach the page's response: a refusal's Retry-After, no-store on a token. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** What the signup action answers (the page and every subscribe box read it). */
export type SignupActionData =
  | { status: "subscribed" }
  | { status: "confirm"; fields: ReturnedSignup; formToken: string }
  | { status: "invalid"; fieldErrors: Record<string, string[]> }
  | { status: "failed" };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const fields = {
    firstName: form.get("firstName") ?? undefined,
    email: form.get("email") ?? "",
    interests: form.getAll("interests"),
    source: form.get("source") || undefined,
    attribution: form.get("attribution"),
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
    return data<SignupActionData>({ status: "invalid", fieldErrors: received.fieldErrors }, 400);
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

export default function Signup({ loaderData }: Route.ComponentProps) {
  const { content } = loaderData;
  const fetcher = useFetcher<SignupActionData>();
  const pageAnswer = useActionData<SignupActionData>();
  const answer = fetcher.data ?? pageAnswer;
  const sending = fetcher.state !== "idle";
  const errors = answer?.status === "invalid" ? answer.fieldErrors : {};

  return (
    <section className="container-page py-16">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
        <Card>
          {answer?.status === "subscribed" ? (
            <div className="flex flex-col items-start gap-4 p-8" data-testid="signup-submitted">
              <Heart aria-hidden="true" className="size-10 text-accent" />
              <h1 className="font-serif text-3xl font-semibold">{content.submitted.title}</h1>
              <p className="text-muted-foreground" role="status">
                {content.submitted.text}
              </p>
              <Button asChild>
                <Link to="/">{content.submitted.homeLabel}</Link>
              </Button>
            </div>
          ) : answer?.status === "confirm" ? (
            <div className="flex flex-col gap-5 p-8" data-testid="signup-one-more-click">
              <h1 className="font-serif text-3xl font-semibold">{content.oneMoreClick.title}</h1>
              <p className="text-muted-foreground">{content.oneMoreClick.text}</p>
              <fetcher.Form method="post" action="/signup" className="flex flex-col gap-5">
                <OneMoreClickFields fields={answer.fields} formToken={answer.formToken} />
              </fetcher.Form>
            </div>
          ) : (
            <>
              <CardHeader>
                <h1 className="font-serif text-3xl font-semibold">{content.title}</h1>
                <CardDescription className="text-base">{content.lead}</CardDescription>
              </CardHeader>
              <CardContent>
                <fetcher.Form method="post" action="/signup" className="flex flex-col gap-5">
                  <input type="hidden" name="source" value="/signup" />
                  <HoneypotField />
                  <FormTokenField />
                  <TextField
                    id="signup-first-name"
                    label={content.form.firstNameLabel}
                    name="firstName"
                    required
                    maxLength={100}
                    autoComplete="given-name"
                    errors={errors.firstName}
                  />
                  <TextField
                    id="signup-email"
                    label={content.form.emailLabel}
                    name="email"
                    type="email"
                    required
                    maxLength={254}
                    autoComplete="email"
                    errors={errors.email}
                  />
                  <fieldset className="flex flex-col gap-3">
                    <legend className="mb-3 text-sm font-medium">
                      {content.form.interestsLegend}
                    </legend>
                    {newsletterInterests.map((interest) => (
                      <label key={interest.key} className="flex items-center gap-3 text-sm">
                        <input
                          type="checkbox"
                          name="interests"
                          value={interest.key}
                          className="size-4 accent-primary"
                        />
                        {interest.label}
                      </label>
                    ))}
                  </fieldset>
                  {answer?.status === "failed" && (
                    <p role="alert" className="text-sm text-destructive">
                      {subscribeBoxMessages.failed}
                    </p>
                  )}
                  <Button type="submit" size="lg" disabled={sending} className="self-start">
                    {sending ? content.form.sendingLabel : content.form.submitLabel}
                  </Button>
                  <p className="text-sm text-muted-foreground">{content.form.privacy}</p>
                  <p className="text-sm text-muted-foreground" data-testid="confirmation-note">
                    {content.form.confirmationNote}
                  </p>
                </fetcher.Form>
              </CardContent>
            </>
          )}
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
