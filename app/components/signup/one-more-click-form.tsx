import { HoneypotField } from "~/components/forms/honeypot-field";
import { TextField } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { signupContent } from "~/content/signup";
import { spamTrapFields } from "~/lib/spam-trap-fields";

/** The fields of a signup handed back for one more click, as the visitor sent them. */
export type ReturnedSignup = {
  firstName: string;
  email: string;
  interests: string[];
  source: string;
  attribution: string;
};

/**
 * A signup that came without its form token (a prerendered page read without JavaScript): the same
 * fields, filled in, with a fresh token, so a person subscribes with one press and a bot posting
 * blind keeps nothing (decision 064). The page puts them in its form.
 */
export function OneMoreClickFields({
  fields,
  formToken,
}: {
  fields: ReturnedSignup;
  formToken: string;
}) {
  const content = signupContent.oneMoreClick;
  return (
    <>
      <input type="hidden" name="source" value={fields.source} />
      <input type="hidden" name="attribution" value={fields.attribution} />
      {fields.interests.map((interest) => (
        <input key={interest} type="hidden" name="interests" value={interest} />
      ))}
      <input type="hidden" name={spamTrapFields.formToken} value={formToken} />
      <HoneypotField />
      <TextField
        id="signup-again-first-name"
        label={signupContent.form.firstNameLabel}
        name="firstName"
        defaultValue={fields.firstName}
        maxLength={100}
        autoComplete="given-name"
      />
      <TextField
        id="signup-again-email"
        label={signupContent.form.emailLabel}
        name="email"
        type="email"
        required
        defaultValue={fields.email}
        maxLength={254}
        autoComplete="email"
      />
      <Button type="submit" size="lg" className="self-start">
        {content.submitLabel}
      </Button>
    </>
  );
}
