import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type TextFieldProps = ComponentProps<"input"> & {
  id: string;
  label: string;
  /** The server's messages for this field; the first is shown under it and read with it. */
  errors?: readonly string[];
};

/** A labelled input with its validation message. */
export function TextField({ id, label, errors, className, ...inputProps }: TextFieldProps) {
  const error = errors?.[0];
  const errorId = `${id}-error`;
  return (
    <div className={className ?? "flex flex-col gap-2"}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
