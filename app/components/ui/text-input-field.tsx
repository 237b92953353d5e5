import type { ComponentProps } from "react";
import { describedBy, FieldError } from "./field-error";
import { Input } from "./input";
import { Label } from "./label";

/** A labelled input with its first error under it, tied to both for assistive technology. */
export function TextInputField({
  id,
  label,
  errors,
  ...input
}: { id: string; label: string; errors?: string[] } & ComponentProps<typeof Input>) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(id, errors)}
        {...input}
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
