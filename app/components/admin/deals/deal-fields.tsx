import { ChoiceField, TextField, type FormField } from "~/components/admin/form-fields";
import { contactInterests } from "~/lib/contact-interests";

const dealFields: FormField[] = [
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

const contactField: FormField = {
  name: "email",
  label: "Contact email (optional)",
  type: "email",
  hint: "Links the deal to this person's page.",
};

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
      <ChoiceField
        name="interest"
        label="Interest"
        choices={contactInterests}
        defaultValue={values.interest ?? "Corporate Training"}
        errors={fieldErrors.interest}
      />
      {withContact && <TextField field={contactField} values={values} fieldErrors={fieldErrors} />}
      {rest.map((field) => (
        <TextField key={field.name} field={field} values={values} fieldErrors={fieldErrors} />
      ))}
    </div>
  );
}
