import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { FlashToast } from "~/components/layout/flash-toast";
import { useIslandPost } from "~/components/forms/use-island-post";
import { Button } from "~/components/ui/button";
import { fieldClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/components/ui/toaster";
import { HoneypotField } from "~/components/forms/honeypot-field";
import { cn } from "~/lib/class-names";
import { contactInterests, type ContactInterest } from "~/lib/contact-interests";
import type { ContactMessage } from "~/lib/contact-message-schema";
import { spamTrapFields } from "~/lib/spam-trap-fields";
import type { ToastMessage } from "~/lib/toast-message";

/** What the /contact action answers. */
export type ContactActionData = {
  /** Absent when the request itself failed. */
  result?: SubmissionResult<string[]>;
  status: "sent" | "invalid" | "failed";
};

export type ContactFormCopy = {
  submitLabel: string;
  sendingLabel: string;
  success: { title: string; description: string };
  failure: { title: string; description: string };
};

const subscribeToNothing = () => () => {};

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className="min-h-5 text-sm text-destructive">
      {errors?.[0]}
    </p>
  );
}

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      {label}
      {children}
    </div>
  );
}

/** What the /contact page hands its form island (decision 077). */
export type ContactFormProps = {
  defaultInterest: ContactInterest;
  defaultMessage?: string;
  formToken: string;
  constraint: Record<string, { required?: boolean; maxLength?: number; pattern?: string }>;
  copy: ContactFormCopy;
  contactEmail: string;
  /** The action's answer when the form was posted to the page (without JavaScript). */
  answer?: ContactActionData;
  /** The toast of a form sent without JavaScript, carried across the redirect. */
  toast?: ToastMessage;
};

/**
 * The contact form (the spec's fields and states), the /contact page's island. It posts to the
 * /contact action: with JavaScript in place (toasts, reset on success), without it as a plain form
 * whose answer is a redirect carrying the toast. The server's schema checks it either way and the
 * form shows its field errors: zod stays off the page (issue 22's budget), and `constraint` (the
 * schema's limits, from the loader) gives the fields their native attributes.
 */
export function ContactForm({
  defaultInterest,
  defaultMessage,
  formToken,
  constraint,
  copy,
  contactEmail,
  answer: pageAnswer,
  toast,
}: ContactFormProps) {
  const { sending, answer: posted, post } = useIslandPost<ContactFormProps>("contact");
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  // A post that got no page back failed on the way (network down, a proxy's error page).
  const postedAnswer: ContactActionData | undefined = posted
    ? (posted.props?.answer ?? { status: "failed" })
    : undefined;
  const answer = postedAnswer ?? pageAnswer;
  const failureDescription = copy.failure.description.replace("{email}", contactEmail);

  const [form, fields] = useForm<ContactMessage>({
    id: "contact-form",
    lastResult: sending ? undefined : answer?.result,
    constraint,
    defaultValue: { interest: defaultInterest, message: defaultMessage || undefined },
    // Without `onValidate` conform would send a blur to the action as a "validate" intent: only a
    // submit asks the server.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (!sending) void post(event.currentTarget, formData);
    },
  });

  // A refused page posted without JavaScript comes back with its first error focused, in view.
  const firstError = (
    ["firstName", "lastName", "email", "company", "interest", "message"] as const
  ).find((name) => fields[name].errors?.length);
  const focus = (name: (typeof firstError & string) | undefined) =>
    name !== undefined && name === firstError ? { autoFocus: true } : {};

  // One toast per answer to a post.
  useEffect(() => {
    const status = posted && (posted.props?.answer?.status ?? "failed");
    if (status === "sent") void showToast({ ...copy.success, variant: "success" });
    if (status === "failed") {
      void showToast({
        title: copy.failure.title,
        description: failureDescription,
        variant: "destructive",
      });
    }
  }, [posted, copy, failureDescription]);

  return (
    <>
      <FlashToast toast={toast} />
      <form
        method="post"
        action="/contact"
        {...getFormProps(form)}
        // Scroll target of the spec's "scroll to the form" links; keeps clear of the fixed header.
        className="flex scroll-mt-24 flex-col gap-4"
      >
        {hydrated && <input type="hidden" name="enhanced" value="true" />}
        {/* A post's answer carries a fresh token, as the page would. */}
        <input
          type="hidden"
          name={spamTrapFields.formToken}
          value={posted?.props?.formToken ?? formToken}
        />
        <HoneypotField />

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={<Label htmlFor={fields.firstName.id}>First Name *</Label>}>
            <Input
              {...getInputProps(fields.firstName, { type: "text" })}
              {...focus("firstName")}
              autoComplete="given-name"
            />
            <FieldError id={fields.firstName.errorId} errors={fields.firstName.errors} />
          </Field>
          <Field label={<Label htmlFor={fields.lastName.id}>Last Name *</Label>}>
            <Input
              {...getInputProps(fields.lastName, { type: "text" })}
              {...focus("lastName")}
              autoComplete="family-name"
            />
            <FieldError id={fields.lastName.errorId} errors={fields.lastName.errors} />
          </Field>
        </div>
        <Field label={<Label htmlFor={fields.email.id}>Email *</Label>}>
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            {...focus("email")}
            autoComplete="email"
          />
          <FieldError id={fields.email.errorId} errors={fields.email.errors} />
        </Field>
        <Field label={<Label htmlFor={fields.company.id}>Company</Label>}>
          <Input
            {...getInputProps(fields.company, { type: "text" })}
            {...focus("company")}
            autoComplete="organization"
          />
          <FieldError id={fields.company.errorId} errors={fields.company.errors} />
        </Field>
        <Field label={<Label htmlFor={fields.interest.id}>Interest</Label>}>
          <select
            {...getSelectProps(fields.interest)}
            {...focus("interest")}
            className={cn(fieldClassName, "h-10 appearance-auto")}
          >
            {contactInterests.map((interest) => (
              <option key={interest} value={interest}>
                {interest}
              </option>
            ))}
          </select>
          <FieldError id={fields.interest.errorId} errors={fields.interest.errors} />
        </Field>
        <Field label={<Label htmlFor={fields.message.id}>Message *</Label>}>
          <Textarea {...getTextareaProps(fields.message)} {...focus("message")} rows={6} />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </Field>

        {answer?.status === "failed" && !sending && (
          <div
            role="alert"
            className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm"
          >
            <p className="font-medium text-destructive">{copy.failure.title}</p>
            <p>{failureDescription}</p>
          </div>
        )}

        <Button type="submit" size="lg" disabled={sending} className="self-start">
          {sending ? copy.sendingLabel : copy.submitLabel}
        </Button>
      </form>
    </>
  );
}
