import { describedBy, FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextInputField } from "~/components/ui/text-input-field";
import { Textarea } from "~/components/ui/textarea";
import { guideTitle } from "~/content/free-library";
import { purchasableItems } from "~/lib/catalog";
import { guideDownloads } from "~/lib/download-targets";
import { newsletterInterests } from "~/lib/newsletter-interests";
import { maxDelayDays, sequenceRestarts, sequenceTriggers } from "~/lib/sequence-schema";

export type SequenceValues = {
  name: string;
  trigger: string;
  trigger_detail: string | null;
  list: string;
  send_hour: number;
  exit_product: string | null;
  exit_on_booking: number;
  exit_on_registration: number;
  exit_on_sequence_id: string | null;
  restart: string;
};

export type StepValues = { subject: string; body_markdown: string; delay_days: number };

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

const hours = Array.from({ length: 24 }, (_, hour) => hour);

/** A sequence's settings: its trigger, list, the reader's hour, exits and what a restart does. */
export function SequenceFields({
  sequence,
  others,
  fieldErrors = {},
}: {
  sequence?: SequenceValues;
  others: { id: string; name: string }[];
  fieldErrors?: Record<string, string[]>;
}) {
  const described = (name: string, hint?: string) => describedBy(name, fieldErrors[name], hint);
  return (
    <div className="space-y-5">
      <TextInputField
        id="name"
        label="Name"
        required
        maxLength={120}
        defaultValue={sequence?.name}
        errors={fieldErrors.name}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="trigger">Starts when</Label>
          <select
            id="trigger"
            name="trigger"
            className={selectClass}
            defaultValue={sequence?.trigger ?? "newsletter_confirmed"}
            aria-describedby={described("trigger", "trigger-hint")}
          >
            {sequenceTriggers.map((trigger) => (
              <option key={trigger.key} value={trigger.key}>
                {trigger.label}
              </option>
            ))}
          </select>
          <p id="trigger-hint" className="text-sm text-muted-foreground">
            A guide counts as downloaded from the guide links in the site’s own emails (a sequence
            step’s link to a guide), which name the reader; downloads from the site are anonymous.
          </p>
          <FieldError id="trigger-error" errors={fieldErrors.trigger} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="triggerDetail">Only for this interest, guide or sequence joined</Label>
          <select
            id="triggerDetail"
            name="triggerDetail"
            className={selectClass}
            defaultValue={sequence?.trigger_detail ?? ""}
            aria-describedby={described("triggerDetail", "triggerDetail-hint")}
          >
            <option value="">Any</option>
            <optgroup label="Interests (for “An interest chosen”)">
              {newsletterInterests.map((interest) => (
                <option key={interest.key} value={interest.key}>
                  {interest.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Guides (for “A guide downloaded”)">
              {guideDownloads.map((guide) => (
                <option key={guide.key} value={guide.key}>
                  {guideTitle(guide.key)}
                </option>
              ))}
            </optgroup>
            {others.length > 0 && (
              <optgroup label="Sequences (for “Joined another sequence”)">
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <p id="triggerDetail-hint" className="text-sm text-muted-foreground">
            Other triggers ignore it.
          </p>
          <FieldError id="triggerDetail-error" errors={fieldErrors.triggerDetail} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="list">Only for confirmed members of</Label>
          <select
            id="list"
            name="list"
            className={selectClass}
            defaultValue={sequence?.list ?? "newsletter"}
          >
            <option value="newsletter">The newsletter</option>
            <option value="waitlist">The book’s waitlist</option>
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="sendHour">Send at, in the reader’s time zone</Label>
          <select
            id="sendHour"
            name="sendHour"
            className={selectClass}
            defaultValue={String(sequence?.send_hour ?? 9)}
            aria-describedby={described("sendHour", "sendHour-hint")}
          >
            {hours.map((hour) => (
              <option key={hour} value={hour}>
                {String(hour).padStart(2, "0")}:00
              </option>
            ))}
          </select>
          <p id="sendHour-hint" className="text-sm text-muted-foreground">
            Steps with a delay of 0 days go at the next pass instead.
          </p>
          <FieldError id="sendHour-error" errors={fieldErrors.sendHour} />
        </div>
      </div>
      <fieldset className="space-y-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-medium">Ends early when the reader</legend>
        <div className="space-y-2">
          <Label htmlFor="exitProduct">Buys</Label>
          <select
            id="exitProduct"
            name="exitProduct"
            className={selectClass}
            defaultValue={sequence?.exit_product ?? ""}
          >
            <option value="">Nothing ends it</option>
            {Object.values(purchasableItems).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="exitOnBooking"
            value="yes"
            defaultChecked={Boolean(sequence?.exit_on_booking)}
            className="size-4 accent-primary"
          />
          Books a session
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="exitOnRegistration"
            value="yes"
            defaultChecked={Boolean(sequence?.exit_on_registration)}
            className="size-4 accent-primary"
          />
          Registers for a workshop
        </label>
        <div className="space-y-2">
          <Label htmlFor="exitOnSequenceId">Joins another sequence</Label>
          <select
            id="exitOnSequenceId"
            name="exitOnSequenceId"
            className={selectClass}
            defaultValue={sequence?.exit_on_sequence_id ?? ""}
            aria-describedby={described("exitOnSequenceId")}
          >
            <option value="">None</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
          <FieldError id="exitOnSequenceId-error" errors={fieldErrors.exitOnSequenceId} />
        </div>
      </fieldset>
      <fieldset className="space-y-3 rounded-lg border p-4" aria-describedby={described("restart")}>
        <legend className="px-1 text-sm font-medium">
          When it starts again for someone who was in it before
        </legend>
        {sequenceRestarts.map((restart) => (
          <label key={restart.key} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="restart"
              value={restart.key}
              defaultChecked={(sequence?.restart ?? "none") === restart.key}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <span>
              <span className="font-medium">{restart.label}</span>
              <span className="block text-muted-foreground">{restart.hint}</span>
            </span>
          </label>
        ))}
        <FieldError id="restart-error" errors={fieldErrors.restart} />
      </fieldset>
    </div>
  );
}

/** A step: subject, Markdown body (as broadcasts), delay, and where a new one goes. */
export function StepFields({
  step,
  withPosition = false,
  fieldErrors = {},
}: {
  step?: StepValues;
  withPosition?: boolean;
  fieldErrors?: Record<string, string[]>;
}) {
  const described = (name: string, hint?: string) => describedBy(name, fieldErrors[name], hint);
  return (
    <div className="space-y-5">
      <TextInputField
        id="subject"
        label="Subject"
        required
        maxLength={150}
        defaultValue={step?.subject}
        errors={fieldErrors.subject}
      />
      <div className="space-y-2">
        <Label htmlFor="bodyMarkdown">Email (Markdown)</Label>
        <Textarea
          id="bodyMarkdown"
          name="bodyMarkdown"
          required
          rows={10}
          defaultValue={step?.body_markdown}
          className="font-mono text-sm"
          aria-invalid={fieldErrors.bodyMarkdown ? true : undefined}
          aria-describedby={described("bodyMarkdown", "bodyMarkdown-hint")}
        />
        <p id="bodyMarkdown-hint" className="text-sm text-muted-foreground">
          Written as a broadcast: # Heading, **bold**, [link](https://…), &gt; quote, - list.
        </p>
        <FieldError id="bodyMarkdown-error" errors={fieldErrors.bodyMarkdown} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="delayDays">Days after the step before</Label>
          <Input
            id="delayDays"
            name="delayDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={maxDelayDays}
            required
            defaultValue={step?.delay_days ?? 1}
            aria-invalid={fieldErrors.delayDays ? true : undefined}
            aria-describedby={described("delayDays")}
          />
          <FieldError id="delayDays-error" errors={fieldErrors.delayDays} />
        </div>
        {withPosition && (
          <div className="space-y-2">
            <Label htmlFor="position">Place (step number; empty for last)</Label>
            <Input
              id="position"
              name="position"
              type="number"
              inputMode="numeric"
              min={1}
              aria-describedby={described("position")}
            />
            <FieldError id="position-error" errors={fieldErrors.position} />
          </div>
        )}
      </div>
    </div>
  );
}
