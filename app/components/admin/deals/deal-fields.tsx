import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { contactInterests } from "~/lib/contact-interests";

type Field = {
  name: string;
  label: string;
  type?: "text" | "date" | "email";
  inputMode?: "decimal" | "numeric";
  hint?: string;
};

const dealFields: Field[] = [
  { name: "title", label: "Title", hint: "Who and what, such as Acme sales team, spring workshop" },
  { name: "value", label: "Value in dollars (optional)", inputMode: "decimal" },
  { name: "teamSize", label: "Team size (optional)", inputMode: "numeric" },
  { name: "expectedCloseOn", label: "Expected close (optional)", type: "date" },
  { name: "nextStep", label: "Next step (optional)", hint: "Such as: call to agree the dates" },
  {
    name: "nextStepDueOn",
    label: "Next step due (optional)",
    type: "date",
    hint: "You get an email on this day.",
  },
];

const contactField: Field = {
  name: "email",
  label: "Contact email (optional)",
  type: "email",
  hint: "Links the deal to this person's page.",
};

function TextField({
  field,
  values,
  fieldErrors,
}: {
  field: Field;
  values: Record<string, string>;
  fieldErrors: Record<string, string[]>;
}) {
  const errors = fieldErrors[field.name];
  const described = [errors ? `${field.name}-error` : "", field.hint ? `${field.name}-hint` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor={field.name}>{field.label}</Label>
      <Input
        id={field.name}
        name={field.name}
        type={field.type ?? "text"}
        inputMode={field.inputMode}
        defaultValue={values[field.name] ?? ""}
        aria-invalid={errors ? true : undefined}
        aria-describedby={described || undefined}
      />
      {field.hint && (
        <p id={`${field.name}-hint`} className="text-xs text-muted-foreground">
          {field.hint}
        </p>
      )}
      <FieldError id={`${field.name}-error`} errors={errors} />
    </div>
  );
}

/** A deal's details; a new deal's form also asks who it is with. */
export function DealFields({
  values,
  fieldErrors = {},
  withContact = false,
}: {
  values: Record<string, string>;
  fieldErrors?: Record<string, string[]>;
  withContact?: boolean;
}) {
  const [title, ...rest] = dealFields;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField field={title!} values={values} fieldErrors={fieldErrors} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="interest">Interest</Label>
        <select
          id="interest"
          name="interest"
          defaultValue={values.interest ?? "Corporate Training"}
          className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
          aria-invalid={fieldErrors.interest ? true : undefined}
          aria-describedby={fieldErrors.interest ? "interest-error" : undefined}
        >
          {contactInterests.map((interest) => (
            <option key={interest} value={interest}>
              {interest}
            </option>
          ))}
        </select>
        <FieldError id="interest-error" errors={fieldErrors.interest} />
      </div>
      {withContact && <TextField field={contactField} values={values} fieldErrors={fieldErrors} />}
      {rest.map((field) => (
        <TextField key={field.name} field={field} values={values} fieldErrors={fieldErrors} />
      ))}
    </div>
  );
}
