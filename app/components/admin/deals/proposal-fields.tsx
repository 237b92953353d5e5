import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { proposalPriceLineSlots } from "~/lib/proposal-schema";

type Values = Record<string, string | string[]>;

const one = (values: Values, name: string) => {
  const value = values[name];
  return typeof value === "string" ? value : "";
};
const nth = (values: Values, name: string, index: number) => {
  const value = values[name];
  return Array.isArray(value) ? (value[index] ?? "") : index === 0 && value ? value : "";
};

function Field({
  name,
  label,
  values,
  fieldErrors,
  type = "text",
  inputMode,
  hint,
}: {
  name: string;
  label: string;
  values: Values;
  fieldErrors: Record<string, string[]>;
  type?: "text" | "date";
  inputMode?: "decimal" | "numeric";
  hint?: string;
}) {
  const errors = fieldErrors[name];
  const described = [errors ? `${name}-error` : "", hint ? `${name}-hint` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type={type}
        inputMode={inputMode}
        defaultValue={one(values, name)}
        aria-invalid={errors ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint && (
        <p id={`${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${name}-error`} errors={errors} />
    </div>
  );
}

/** The proposal template's fields: program, team, dates, price lines, terms, validity, deposit. */
export function ProposalFields({
  values,
  fieldErrors,
}: {
  values: Values;
  fieldErrors: Record<string, string[]>;
}) {
  const lineErrors = Object.entries(fieldErrors)
    .filter(([name]) => name.startsWith("lines"))
    .flatMap(([, errors]) => errors);
  return (
    <div className="space-y-6">
      <Field name="program" label="Program" values={values} fieldErrors={fieldErrors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          name="teamSize"
          label="Team size"
          inputMode="numeric"
          values={values}
          fieldErrors={fieldErrors}
        />
        <Field
          name="startsOn"
          label="Start date"
          type="date"
          values={values}
          fieldErrors={fieldErrors}
        />
        <Field
          name="endsOn"
          label="End date (optional)"
          type="date"
          values={values}
          fieldErrors={fieldErrors}
        />
      </div>
      <fieldset
        className="space-y-3"
        aria-describedby={lineErrors.length ? "lines-error" : undefined}
      >
        <legend className="text-sm font-medium">Price lines</legend>
        <p className="text-sm text-muted-foreground">
          A label and an amount in dollars; blank rows are left out.
        </p>
        {Array.from({ length: proposalPriceLineSlots }, (_, index) => (
          <div key={index} className="grid gap-2 sm:grid-cols-[1fr_10rem]">
            <div className="space-y-1">
              <Label htmlFor={`lineLabel-${index}`} className="sr-only">
                {`Line ${index + 1} label`}
              </Label>
              <Input
                id={`lineLabel-${index}`}
                name="lineLabel"
                placeholder={`Line ${index + 1}`}
                defaultValue={nth(values, "lineLabel", index)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={`lineAmount-${index}`} className="sr-only">
                {`Line ${index + 1} amount in dollars`}
              </Label>
              <Input
                id={`lineAmount-${index}`}
                name="lineAmount"
                inputMode="decimal"
                placeholder="Amount"
                defaultValue={nth(values, "lineAmount", index)}
              />
            </div>
          </div>
        ))}
        <FieldError id="lines-error" errors={lineErrors.length ? lineErrors : undefined} />
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor="terms">Terms</Label>
        <Textarea
          id="terms"
          name="terms"
          rows={6}
          defaultValue={one(values, "terms")}
          aria-invalid={fieldErrors.terms ? true : undefined}
          aria-describedby={fieldErrors.terms ? "terms-error" : undefined}
        />
        <FieldError id="terms-error" errors={fieldErrors.terms} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          name="validUntil"
          label="Valid until"
          type="date"
          values={values}
          fieldErrors={fieldErrors}
          hint="The last day it can be accepted."
        />
        <Field
          name="deposit"
          label="Deposit in dollars (optional)"
          inputMode="decimal"
          values={values}
          fieldErrors={fieldErrors}
          hint="Asked for on acceptance."
        />
      </div>
    </div>
  );
}
