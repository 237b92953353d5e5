import { AdminTime } from "~/components/admin/admin-time";
import { useAdminSession } from "~/components/admin/admin-session";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";

type Revision = { number: number; author: string; createdAt: string };
type RevisionDiff = {
  from: number;
  to: number;
  lines: { kind: "same" | "added" | "removed"; text: string }[];
};

/**
 * An editor's kept saves (an article's or a resource's): two compared line by line through a
 * plain GET, and any one restored as the new draft through a plain POST (`intent=restore`).
 */
export function RevisionHistory({
  revisions,
  draftRevision,
  publishedRevision,
  diff,
  multipart = false,
}: {
  revisions: Revision[];
  draftRevision: number;
  publishedRevision: number | null;
  diff: RevisionDiff | null;
  /** The editor's action reads multipart bodies only (a resource's, which carries a file). */
  multipart?: boolean;
}) {
  const { csrfToken } = useAdminSession();
  return (
    <section aria-labelledby="revisions-title" className="max-w-3xl space-y-3">
      <h2 id="revisions-title" className="text-xl font-semibold">
        Revisions
      </h2>
      <form key={draftRevision} method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="diff-from">Compare revision</Label>
          <select
            id="diff-from"
            name="from"
            defaultValue={diff?.from ?? publishedRevision ?? 1}
            className="h-10 rounded-md border bg-background px-3 text-sm"
          >
            {revisions.map((revision) => (
              <option key={revision.number} value={revision.number}>
                {revision.number}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="diff-to">with revision</Label>
          <select
            id="diff-to"
            name="to"
            defaultValue={diff?.to ?? draftRevision}
            className="h-10 rounded-md border bg-background px-3 text-sm"
          >
            {revisions.map((revision) => (
              <option key={revision.number} value={revision.number}>
                {revision.number}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show changes
        </Button>
      </form>
      {diff && (
        <pre
          className="max-h-96 overflow-auto rounded-md border bg-card p-3 text-xs whitespace-pre-wrap"
          data-testid="revision-diff"
          aria-label={`Changes from revision ${diff.from} to ${diff.to}`}
        >
          {diff.lines.map((line, index) => (
            <span
              key={index}
              className={
                line.kind === "added"
                  ? "block bg-emerald-100 text-emerald-900"
                  : line.kind === "removed"
                    ? "block bg-red-100 text-red-900"
                    : "block"
              }
            >
              {line.kind === "added" ? "+ " : line.kind === "removed" ? "- " : "  "}
              {line.text}
            </span>
          ))}
        </pre>
      )}
      <ul className="divide-y rounded-lg border bg-card" data-testid="revision-list">
        {revisions.map((revision) => (
          <li
            key={revision.number}
            className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
          >
            <span>
              Revision {revision.number}
              {revision.number === publishedRevision && " (live)"}
              {revision.number === draftRevision && " (draft)"} by {revision.author},{" "}
              <AdminTime iso={revision.createdAt} />
            </span>
            {revision.number !== draftRevision && (
              <form method="post" encType={multipart ? "multipart/form-data" : undefined}>
                <input type="hidden" name="csrf" value={csrfToken} />
                <input type="hidden" name="revision" value={revision.number} />
                <Button type="submit" name="intent" value="restore" variant="outline" size="sm">
                  Restore revision {revision.number}
                </Button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
