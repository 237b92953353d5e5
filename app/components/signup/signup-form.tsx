import { TimeZoneField } from "~/components/forms/time-zone-field";
import { Heart } from "lucide-react";
import { useEffect, useRef, type FormEvent } from "react";
import { FormTokenField } from "~/components/forms/form-token-field";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextField } from "~/components/forms/text-field";
import { useIslandPost } from "~/components/forms/use-island-post";
import { Button } from "~/components/ui/button";
import { CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { signupContent as content } from "~/content/signup";
import { subscribeBoxMessages } from "~/content/subscribe-box";
import { newsletterInterests } from "~/lib/newsletter-interests";
import { OneMoreClickFields, type ReturnedSignup } from "./one-more-click-form";

/** What the signup action answers (the page and every subscribe box read it). */
export type SignupActionData =
  | { status: "subscribed" }
  | { status: "confirm"; fields: ReturnedSignup; formToken: string }
  | {
      status: "invalid";
      fieldErrors: Record<string, string[]>;
      /** What was sent, handed back into the form. */
      fields?: { firstName: string; email: string; interests: string[] };
    }
  | { status: "failed" };

export type SignupFormProps = {
  /** The action's answer when the form was posted to the page (without JavaScript). */
  answer?: SignupActionData;
};

/**
 * The /signup page's island: the newsletter form, then the thanks or the one more click the
 * action answers with, shown in place with JavaScript and as the answered page without it.
 */
export function SignupForm({ answer: pageAnswer }: SignupFormProps) {
  const { sending, answer: posted, post } = useIslandPost<SignupFormProps>("signup");
  // A post that got no page back failed on the way (network down, a proxy's error page).
  const answer: SignupActionData | undefined = posted
    ? (posted.props?.answer ?? { status: "failed" })
    : pageAnswer;
  const errors = answer?.status === "invalid" ? answer.fieldErrors : {};
  const sent = answer?.status === "invalid" ? answer.fields : undefined;
  // The first field to fix takes the focus: by `autoFocus` on a page answered without JavaScript,
  // here when the island's own post is refused.
  const firstError = ["firstName", "email"].find((name) => errors[name]?.length);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (firstError) formRef.current?.querySelector<HTMLElement>(`[name="${firstError}"]`)?.focus();
  }, [posted, firstError]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sending) void post(event.currentTarget);
  };

  if (answer?.status === "subscribed")
    return (
      <div className="flex flex-col items-start gap-4 p-8" data-testid="signup-submitted">
        <Heart aria-hidden="true" className="size-10 text-accent" />
        <h1 className="font-serif text-3xl font-semibold">{content.submitted.title}</h1>
        <p className="text-muted-foreground" role="status">
          {content.submitted.text}
        </p>
        <Button asChild>
          <a href="/">{content.submitted.homeLabel}</a>
        </Button>
      </div>
    );
  if (answer?.status === "confirm")
    return (
      <div className="flex flex-col gap-5 p-8" data-testid="signup-one-more-click">
        <h1 className="font-serif text-3xl font-semibold">{content.oneMoreClick.title}</h1>
        <p className="text-muted-foreground">{content.oneMoreClick.text}</p>
        <form method="post" action="/signup" onSubmit={onSubmit} className="flex flex-col gap-5">
          <OneMoreClickFields fields={answer.fields} formToken={answer.formToken} />
        </form>
      </div>
    );
  return (
    <>
      <CardHeader>
        <h1 className="font-serif text-3xl font-semibold">{content.title}</h1>
        <CardDescription className="text-base">{content.lead}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          method="post"
          action="/signup"
          onSubmit={onSubmit}
          ref={formRef}
          className="flex flex-col gap-5"
        >
          <input type="hidden" name="source" value="/signup" />
          <HoneypotField />
          <FormTokenField />
          <TimeZoneField />
          <TextField
            id="signup-first-name"
            label={content.form.firstNameLabel}
            name="firstName"
            required
            maxLength={100}
            autoComplete="given-name"
            defaultValue={sent?.firstName}
            autoFocus={firstError === "firstName"}
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
            defaultValue={sent?.email}
            autoFocus={firstError === "email"}
            errors={errors.email}
          />
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-sm font-medium">{content.form.interestsLegend}</legend>
            {newsletterInterests.map((interest) => (
              <label key={interest.key} className="flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  name="interests"
                  value={interest.key}
                  defaultChecked={sent?.interests.includes(interest.key)}
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
        </form>
      </CardContent>
    </>
  );
}
