/** A field's first error, under it; the field names it in `aria-describedby` by this id. */
export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {errors[0]}
    </p>
  );
}

/** The ids a field is described by: its hint, then its error while it has one. */
export function describedBy(id: string, errors?: string[], hintId?: string) {
  return (
    [hintId, errors?.length ? `${id}-error` : undefined].filter(Boolean).join(" ") || undefined
  );
}
