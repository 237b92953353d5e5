import { weekdayNames } from "~/lib/weekday-names";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";

type Values = Record<string, string>;
type Errors = Record<string, string[]>;

function FieldError({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {messages.join(" ")}
    </p>
  );
}

function NumberField({
  name,
  label,
  hint,
  values,
  errors,
}: {
  name: string;
  label: string;
  hint: string;
  values: Values;
  errors: Errors;
}) {
  const invalid = Boolean(errors[name]?.length);
  return (
    <div className="space-y-1">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        inputMode="numeric"
        defaultValue={values[name]}
        aria-invalid={invalid || undefined}
        aria-describedby={`${name}-hint${invalid ? ` ${name}-error` : ""}`}
      />
      <p id={`${name}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${name}-error`} messages={errors[name]} />
    </div>
  );
}

/** The availability form's fields: plain text, so the form posts without JavaScript. */
export function AvailabilityFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="font-semibold">Weekly hours</legend>
        <p className="text-sm text-muted-foreground" id="hours-hint">
          24-hour clock, several ranges separated by commas (09:00-12:00, 13:00-17:00). Leave a day
          empty to keep it closed.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {weekdayNames.map((day, weekday) => {
            const name = `hours-${weekday}`;
            const invalid = Boolean(errors[name]?.length);
            return (
              <div key={name} className="space-y-1">
                <Label htmlFor={name}>{day}</Label>
                <Input
                  id={name}
                  name={name}
                  defaultValue={values[name]}
                  aria-invalid={invalid || undefined}
                  aria-describedby={`hours-hint${invalid ? ` ${name}-error` : ""}`}
                />
                <FieldError id={`${name}-error`} messages={errors[name]} />
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="overrides">Date overrides</Label>
          <Textarea
            id="overrides"
            name="overrides"
            defaultValue={values.overrides}
            aria-invalid={Boolean(errors.overrides?.length) || undefined}
            aria-describedby={`overrides-hint${errors.overrides?.length ? " overrides-error" : ""}`}
          />
          <p id="overrides-hint" className="text-xs text-muted-foreground">
            One date a line, with its own hours or &quot;off&quot;: 2026-12-24 10:00-12:00 or
            2026-12-26 off.
          </p>
          <FieldError id="overrides-error" messages={errors.overrides} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="timeOff">Time off</Label>
          <Textarea
            id="timeOff"
            name="timeOff"
            defaultValue={values.timeOff}
            aria-invalid={Boolean(errors.timeOff?.length) || undefined}
            aria-describedby={`timeOff-hint${errors.timeOff?.length ? " timeOff-error" : ""}`}
          />
          <p id="timeOff-hint" className="text-xs text-muted-foreground">
            One a line: a date, or a holiday as 2026-12-24 to 2027-01-02.
          </p>
          <FieldError id="timeOff-error" messages={errors.timeOff} />
        </div>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-2 font-semibold">Rules</legend>
        <NumberField
          name="bufferBeforeMinutes"
          label="Buffer before (minutes)"
          hint="Free time kept before a session."
          values={values}
          errors={errors}
        />
        <NumberField
          name="bufferAfterMinutes"
          label="Buffer after (minutes)"
          hint="Free time kept after a session."
          values={values}
          errors={errors}
        />
        <NumberField
          name="minimumNoticeMinutes"
          label="Minimum notice (minutes)"
          hint="1440 is a day."
          values={values}
          errors={errors}
        />
        <NumberField
          name="horizonDays"
          label="Bookable ahead (days)"
          hint="How far ahead people may book."
          values={values}
          errors={errors}
        />
        <NumberField
          name="maxSessionsPerDay"
          label="Sessions a day at most"
          hint="0 for no limit."
          values={values}
          errors={errors}
        />
        <NumberField
          name="slotIntervalMinutes"
          label="Slot interval (minutes)"
          hint="Slots start this far apart."
          values={values}
          errors={errors}
        />
        <NumberField
          name="introCallMinutes"
          label="Intro call (minutes)"
          hint="The free call's length."
          values={values}
          errors={errors}
        />
        <NumberField
          name="bookerChangeCutoffMinutes"
          label="Booker changes until (minutes before)"
          hint="Their own move and cancel links stop this long before; 1440 is a day."
          values={values}
          errors={errors}
        />
      </fieldset>
    </>
  );
}
