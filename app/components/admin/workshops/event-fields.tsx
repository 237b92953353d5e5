import { ChoiceField, TextField, type FormField } from "~/components/admin/form-fields";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { eventKinds } from "~/lib/workshop-schema";
import { FieldError } from "~/components/ui/field-error";

const placeFields: FormField[] = [
  { name: "title", label: "Title" },
  { name: "location", label: "City", hint: "As the site prints it, such as Boulder, CO" },
  { name: "venue", label: "Venue (optional)" },
  { name: "startDate", label: "First day", type: "date" },
  { name: "endDate", label: "Last day (optional)", type: "date" },
];

const cohortFields: FormField[] = [
  {
    name: "seats",
    label: "Seats",
    inputMode: "numeric",
    hint: "Empty: an event nobody registers for",
  },
  { name: "price", label: "Price in dollars", inputMode: "decimal", hint: "Empty: $14,495" },
  { name: "deposit", label: "Deposit in dollars (optional)", inputMode: "decimal" },
  { name: "earlyPrice", label: "Early price in dollars (optional)", inputMode: "decimal" },
  { name: "earlyDeadline", label: "Early price until (optional)", type: "date" },
  { name: "opensOn", label: "Registration opens (optional)", type: "date" },
  { name: "closesOn", label: "Registration closes (optional)", type: "date" },
  {
    name: "balanceDueDays",
    label: "Balance asked for, days ahead",
    inputMode: "numeric",
    hint: "Empty: 30. A deposit's balance is requested by email then, and chased once.",
  },
  {
    name: "fullRefundUntil",
    label: "Full refund until (optional)",
    type: "date",
    hint: "A cancellation up to this day is refunded in full, later it becomes a credit. Empty: until the day the balance is asked for.",
  },
];

/** The owner's event form: what every event has, then what makes a workshop a cohort. */
export function EventFields({
  values,
  fieldErrors = {},
}: {
  values: Record<string, string>;
  fieldErrors?: Record<string, string[]>;
}) {
  return (
    <div className="space-y-6">
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">The event</legend>
        <ChoiceField
          name="kind"
          label="Kind"
          choices={eventKinds}
          defaultValue={values.kind ?? "Workshop"}
          errors={fieldErrors.kind}
        />
        {placeFields.map((field) => (
          <TextField key={field.name} field={field} values={values} fieldErrors={fieldErrors} />
        ))}
        <div className="space-y-2">
          <Label htmlFor="description">Description</Label>
          <Textarea
            id="description"
            name="description"
            rows={3}
            defaultValue={values.description ?? ""}
            aria-invalid={fieldErrors.description ? true : undefined}
            aria-describedby={fieldErrors.description ? "description-error" : undefined}
          />
          <FieldError id="description-error" errors={fieldErrors.description} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-2 text-lg font-semibold">Registration (workshops only)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {cohortFields.map((field) => (
            <TextField key={field.name} field={field} values={values} fieldErrors={fieldErrors} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}
