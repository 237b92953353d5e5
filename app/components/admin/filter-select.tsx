import { fieldClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/class-names";

type FilterOption = string | { value: string; label: string };

/** A labelled select in a list's filter form; its first choice, the empty value, filters nothing. */
export function FilterSelect({
  name,
  label,
  anyLabel = `Any ${label.toLowerCase()}`,
  value,
  options,
}: {
  name: string;
  label: string;
  /** The choice that filters nothing; "Any <label>" unless said otherwise. */
  anyLabel?: string;
  value: string | undefined;
  options: readonly FilterOption[];
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={name}>{label}</Label>
      <select
        id={name}
        name={name}
        defaultValue={value ?? ""}
        className={cn(fieldClassName, "h-10")}
      >
        <option value="">{anyLabel}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}
