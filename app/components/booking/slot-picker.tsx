import type { ReactNode } from "react";
import { Form } from "react-router";
import { useScriptNonce } from "~/components/layout/script-nonce";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { slotWeeks } from "~/lib/slot-weeks";

export type PickerDay = { date: string; label: string; slots: { start: string; label: string }[] };

type SlotPickerProps = {
  days: PickerDay[];
  zone: string;
  /** "America/Denver (Mountain Time)": the zone the times are shown in, named. */
  zoneLabel: string;
  zones: string[];
  /** The zone came from the address: the page does not ask the browser for it again. */
  zoneChosen: boolean;
  /** Fields the booking needs besides the time (name and email for a free call). */
  children?: ReactNode;
  submitLabel: string;
  /** The time a refused post chose: checked again, its week and day open. */
  chosen?: string;
};

/**
 * Chooses the visitor's zone (a GET form: the select alone works without JavaScript) and a time
 * (a POST form of radio buttons, one group per day). The days fold into weeks, the first open, so
 * eight weeks are eight lines on a phone; a week with no free times is one line that says so.
 * The page names the zone it shows, and never calls it the visitor's own: without JavaScript a
 * first visit shows the host's zone and says so. With JavaScript, a first visit reloads once in
 * the browser's own zone; nothing else runs on the page.
 */
export function SlotPicker({
  days,
  zone,
  zoneLabel,
  zones,
  zoneChosen,
  children,
  submitLabel,
  chosen,
}: SlotPickerProps) {
  const holdsChosen = (day: PickerDay) => day.slots.some((slot) => slot.start === chosen);
  const nonce = useScriptNonce();
  return (
    <div className="space-y-8">
      {!zoneChosen && (
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{
            __html: `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&z!==${JSON.stringify(zone)}){var u=new URL(location.href);u.searchParams.set("tz",z);location.replace(u)}}catch(e){}`,
          }}
        />
      )}
      <p className="text-lg" data-testid="slot-zone">
        Times shown in <strong>{zoneLabel}</strong>
        {zoneChosen ? "." : ", the host's time zone. To see them in yours, choose it below."}
      </p>
      <form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="tz">Time zone</Label>
          <select
            id="tz"
            name="tz"
            defaultValue={zone}
            className="h-10 max-w-full rounded-md border border-input bg-background px-3 text-base"
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name.replace(/_/g, " ")}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show times
        </Button>
      </form>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="timeZone" value={zone} />
        {days.length === 0 ? (
          <p>No times are free in the coming weeks. Please write to us through the contact page.</p>
        ) : (
          <fieldset className="space-y-3">
            <legend className="mb-2 text-lg font-semibold">Choose a time</legend>
            {slotWeeks(days).map((week, weekIndex) =>
              week.days.length === 0 ? (
                <p
                  key={week.monday}
                  className="rounded-md border border-dashed border-border p-3 text-muted-foreground"
                  data-slot-week="closed"
                >
                  {week.label}: no free times
                </p>
              ) : (
                <details
                  key={week.monday}
                  open={weekIndex === 0 || week.days.some(holdsChosen)}
                  className="rounded-md border border-border p-3"
                  data-slot-week="open"
                >
                  <summary className="cursor-pointer font-semibold">
                    {week.label} ({week.days.length} {week.days.length === 1 ? "day" : "days"} open)
                  </summary>
                  <div className="mt-3 space-y-2">
                    {week.days.map((day, dayIndex) => (
                      <SlotDay
                        key={day.date}
                        day={day}
                        open={(weekIndex === 0 && dayIndex === 0) || holdsChosen(day)}
                        chosen={chosen}
                      />
                    ))}
                  </div>
                </details>
              ),
            )}
          </fieldset>
        )}
        {children}
        {days.length > 0 && <Button type="submit">{submitLabel}</Button>}
      </Form>
    </div>
  );
}

function SlotDay({ day, open, chosen }: { day: PickerDay; open: boolean; chosen?: string }) {
  return (
    <details open={open} className="rounded-md border border-border p-3" data-slot-day={day.date}>
      <summary className="cursor-pointer font-medium">
        {day.label} ({day.slots.length} {day.slots.length === 1 ? "time" : "times"})
      </summary>
      <div className="mt-3 flex flex-wrap gap-2">
        {day.slots.map((slot) => (
          <label
            key={slot.start}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/10"
          >
            <input
              type="radio"
              name="start"
              value={slot.start}
              required
              defaultChecked={slot.start === chosen}
            />
            {slot.label}
          </label>
        ))}
      </div>
    </details>
  );
}
