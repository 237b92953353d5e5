import { useFetcher } from "react-router";
import { describedBy, FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { TextInputField } from "~/components/ui/text-input-field";
import { Textarea } from "~/components/ui/textarea";
import type { BroadcastDraft } from "~/lib/broadcast-schema";
import { newsletterInterests } from "~/lib/newsletter-interests";

const audienceLists = [
  { value: "newsletter", label: "Confirmed newsletter subscribers" },
  { value: "waitlist", label: "The book's waitlist" },
] as const;

function recipientsLine(count: number) {
  return `${count} recipient${count === 1 ? "" : "s"} now`;
}

/**
 * A letter to a group (a workshop cohort's attendees, decision 265): its audience is fixed, and
 * the owner reads who is in it and what its unsubscribe link does.
 */
function GroupAudience({
  group,
  recipients,
  errors,
}: {
  group: { key: string; label: string };
  recipients: number;
  errors?: string[];
}) {
  return (
    <fieldset className="space-y-2 rounded-lg border p-4" data-testid="group-audience">
      <legend className="px-1 text-sm font-medium">Audience</legend>
      <input type="hidden" name="list" value="group" />
      <input type="hidden" name="group" value={group.key} />
      <p className="font-medium break-words">{group.label}</p>
      <p className="text-sm text-muted-foreground">
        Everyone holding a paid seat when it goes out. The waiting list is not included. It is about
        the workshop they paid for, so it reaches them whatever their newsletter choices; its
        unsubscribe link stops only the letters you write to this cohort (receipts, the balance
        request and the reminders still go).
      </p>
      <FieldError id="list-error" errors={errors} />
      <p className="pt-2 font-medium" data-testid="recipient-count">
        {recipientsLine(recipients)}
      </p>
    </fieldset>
  );
}

/**
 * The compose form's fields. The recipient count is the server's exact figure: computed when the
 * page loads and, with JavaScript, asked again whenever the audience changes.
 */
export function BroadcastFields({
  draft,
  group,
  recipients,
  fieldErrors = {},
}: {
  draft?: BroadcastDraft;
  group?: { key: string; label: string };
  recipients: number;
  fieldErrors?: Record<string, string[]>;
}) {
  const count = useFetcher<{ count: number }>();
  const recount = (form: HTMLFormElement | null) => {
    if (!form) return;
    const data = new FormData(form);
    const params = new URLSearchParams();
    params.set("list", String(data.get("list") ?? "newsletter"));
    for (const interest of data.getAll("interests")) params.append("interests", String(interest));
    void count.load(`/admin/broadcasts/recipients?${params}`);
  };
  return (
    <div className="space-y-5">
      <TextInputField
        id="subject"
        label="Subject"
        required
        maxLength={150}
        defaultValue={draft?.subject}
        errors={fieldErrors.subject}
      />
      <div className="space-y-2">
        <Label htmlFor="previewText">Preview text</Label>
        <Input
          id="previewText"
          name="previewText"
          maxLength={200}
          defaultValue={draft?.previewText}
          aria-describedby="previewText-hint"
        />
        <p id="previewText-hint" className="text-sm text-muted-foreground">
          The line inboxes show after the subject.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="bodyMarkdown">Letter (Markdown)</Label>
        <Textarea
          id="bodyMarkdown"
          name="bodyMarkdown"
          required
          rows={16}
          defaultValue={draft?.bodyMarkdown}
          className="font-mono text-sm"
          aria-invalid={fieldErrors.bodyMarkdown ? true : undefined}
          aria-describedby={describedBy(
            "bodyMarkdown",
            fieldErrors.bodyMarkdown,
            "bodyMarkdown-hint",
          )}
        />
        <p id="bodyMarkdown-hint" className="text-sm text-muted-foreground">
          # Heading, **bold**, [link](https://…), ![image](https://…), &gt; quote, - list. A line{" "}
          <code>[Label](https://…){"{button}"}</code> becomes a button.
        </p>
        <FieldError id="bodyMarkdown-error" errors={fieldErrors.bodyMarkdown} />
      </div>
      {group ? (
        <GroupAudience group={group} recipients={recipients} errors={fieldErrors.list} />
      ) : (
        <fieldset
          className="space-y-3 rounded-lg border p-4"
          onChange={(event) => recount(event.currentTarget.form)}
        >
          <legend className="px-1 text-sm font-medium">Audience</legend>
          {audienceLists.map((list) => (
            <label key={list.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="list"
                value={list.value}
                defaultChecked={(draft?.list ?? "newsletter") === list.value}
                className="size-4 accent-primary"
              />
              {list.label}
            </label>
          ))}
          <p className="pt-2 text-sm text-muted-foreground">
            Newsletter only: narrow to readers who chose any of
          </p>
          {newsletterInterests.map((interest) => (
            <label key={interest.key} className="flex items-center gap-2 pl-6 text-sm">
              <input
                type="checkbox"
                name="interests"
                value={interest.key}
                defaultChecked={draft?.interests.includes(interest.key)}
                className="size-4 accent-primary"
              />
              {interest.label}
            </label>
          ))}
          <p className="pt-2 font-medium" aria-live="polite" data-testid="recipient-count">
            {recipientsLine(count.data?.count ?? recipients)}
            {!count.data && draft ? " (for the saved audience)" : ""}
          </p>
        </fieldset>
      )}
    </div>
  );
}
