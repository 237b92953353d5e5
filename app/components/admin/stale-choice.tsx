import { Button } from "~/components/ui/button";

/**
 * Shown when a save or publish was refused because the draft moved on since this page was
 * opened (another tab, another person): the owner chooses, nothing is applied silently.
 */
export function StaleChoice({
  formId,
  articleId,
  stale,
  message,
}: {
  formId: string;
  articleId: string;
  stale: { base: number; newer: number };
  /** What was refused and who saved the newer revision. */
  message?: string;
}) {
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-destructive p-3 text-sm"
      data-testid="stale-choice"
    >
      <p>
        {message ??
          `Not saved: revision ${stale.newer} was saved after this page was opened at revision ${stale.base}.`}{" "}
        Your changes are still on this page. Choose:
      </p>
      <div className="flex flex-wrap gap-3">
        {/* A full load: the newest draft in the form, this page's changes left behind. */}
        <a
          href={`/admin/content/${articleId}?from=${stale.base}&to=${stale.newer}#revisions-title`}
          className="inline-flex min-h-10 items-center rounded-md border bg-background px-4 py-2 underline-offset-4 hover:underline"
        >
          See the newer version (drops the changes here)
        </a>
        <Button type="submit" form={formId} name="intent" value="keep-mine" variant="outline">
          Keep mine as a new revision
        </Button>
      </div>
    </div>
  );
}
