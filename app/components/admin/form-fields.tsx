import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** A text field of a console form, described by data (a deal's, an event's). */
export type FormField = {
  name: string;
  label: string;
  type?: "text" | "date" | "email";
  inputMode?: "decimal" | "numeric";
  hint?: string;
};

/** One field: its label, its value from the form as sent, its hint and its first error. */
export function TextField({
  field,
  values,
  fieldErrors,
}: {
  field: FormField;
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

/** A choice among fixed words (a deal's interest, an event's kind), each its own value. */
export function ChoiceField({
  name,
  label,
  choices,
  defaultValue,
  errors,
}: {
  name: string;
  label: string;
  choices: readonly string[];
  defaultValue: string;
  errors?: string[];
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <select
        id={name}
        name={name}
        defaultValue={defaultValue}
        className="block h-10 w-full rounded-md border border-input bg-background px-3 text-sm"
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${name}-error` : undefined}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
      <FieldError id={`${name}-error`} errors={errors} />
    </div>
  );
}
