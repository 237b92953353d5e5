import { useEffect } from "react";
import { data, Link, redirect, useRevalidator } from "react-router";
import type { Route } from "./+types/admin.people.import";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { requireAdminAction, requireAdminPage, requireAdminSession } from "~/.server/admin";
import {
  type FieldChanges,
  type ImportField,
  type ImportStatus,
  cancelImport,
  discardImport,
  importStatus,
  listedRows,
  maxImportBytes,
  runNowOrWake,
  stageImport,
  startImport,
} from "~/.server/audience";
import { readFormBody, readStreamedFileUpload } from "~/.server/http/request-body";

export const meta = () => adminMeta("Import people");

/** How often the page asks again while the job works. */
const progressRefreshSeconds = 2;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = new URL(request.url).searchParams.get("id");
  // The stored state only: the job computed the preview once. An id discarded shows the form.
  const status = id ? await importStatus(context.db, id) : undefined;
  return { status, maxMegabytes: maxImportBytes / 1024 / 1024, listedRows };
}

/** Upload (multipart) stages the file and shows its preview; the preview's buttons import or discard. */
export async function action({ request, context }: Route.ActionArgs) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    await requireAdminSession(request, context);
    // The form's CSRF field comes before its file: checked before a byte of the file is kept.
    let stagedId: string | undefined;
    const upload = readStreamedFileUpload(request, maxImportBytes, async (fields, file) => {
      const session = await requireAdminAction(request, context, fields);
      const staged = await stageImport(context, {
        actor: session.email,
        fileName: file.name || "upload.csv",
        chunks: file.body,
      });
      if ("id" in staged) stagedId = staged.id;
      return staged;
    });
    // A form refused after its file was staged (a second file, say) keeps nothing.
    const { fields, file: staged } = await upload.catch(async (error: unknown) => {
      if (stagedId) await discardImport(context, stagedId);
      throw error;
    });
    await requireAdminAction(request, context, fields);
    if (!staged) return data({ message: "Choose a CSV file to import." }, 400);
    if ("error" in staged) return data({ message: staged.error }, 400);
    await runNowOrWake(context, staged.id, context.peopleImports);
    return redirect(`/admin/people/import?id=${staged.id}`);
  }
  const form = await readFormBody(request);
  const session = await requireAdminAction(request, context, form);
  const id = form.get("id") ?? "";
  const intent = form.get("intent");
  if (intent === "discard") {
    await discardImport(context, id);
    return redirect("/admin/people/import");
  }
  if (intent === "import") {
    if (!(await startImport(context.db, { id, actor: session.email }))) {
      return data({ message: "This import was already started, done or discarded." }, 409);
    }
  } else if (intent === "cancel") {
    if (!(await cancelImport(context.db, id))) {
      return data({ message: "This import already ended: there is nothing to cancel." }, 409);
    }
  } else return data({ message: "Unknown action." }, 400);
  await runNowOrWake(context, id, context.peopleImports);
  return redirect(`/admin/people/import?id=${encodeURIComponent(id)}`);
}

/** The columns worth naming in the preview, in the order shown. */
const fieldLabels: Partial<Record<ImportField, string>> = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  name: "Name",
  source: "Source",
  firstSeenAt: "First seen",
  newsletterStatus: "Newsletter status",
  interests: "Tags → interests",
  consentedAt: "Consent time",
  optinAt: "Opt-in time",
  unsubscribeTime: "Unsubscribe time (an unsubscribed export)",
  cleanTime: "Clean time (a cleaned export)",
  ghostNewsletters: "Newsletters (Ghost)",
  emailDisabled: "Emails turned off (Substack)",
  paidSubscription: "Paid plan (Substack; not consent, not read as a status)",
  bouncedAt: "Bounced",
  waitlistStatus: "Waitlist status",
};

const countLabels = {
  rows: "Rows in the file",
  newPeople: "New people",
  merged: "Merged with a known person or an earlier row",
  unchanged: "Known people left exactly as they are",
  confirmed: "Newsletter members it confirms (the file records consent)",
  withoutConsent: "On no list in the file (kept, mailed nothing)",
  keptUnsubscribed: "Unsubscribed here: left unsubscribed",
  erased: "Erased here: not imported",
  refused: "Refused",
} as const;

/** What changes on known people, field by field. */
const changeLabels: Record<keyof FieldChanges, string> = {
  status: "List status (joined, confirmed or left)",
  name: "Name filled in (none was known)",
  interests: "Interests added",
  firstSeen: "First seen moved to an earlier date",
  suppressed: "Suppressed (cleaned, bounced, complaining or invalid)",
};
const fieldChangeNames = Object.keys(changeLabels) as (keyof FieldChanges)[];

const separatorNames: Record<string, string> = { ",": "comma", ";": "semicolon", "\t": "tab" };

const numberFormat = new Intl.NumberFormat("en-GB");

/** What each working step says, and how its rows are counted. */
const stepWords = {
  previewing: { title: "Checking", rows: "rows checked" },
  importing: { title: "Importing", rows: "rows imported" },
  cancelling: { title: "Cancelling the import of", rows: "rows undone" },
} as const;

/** The job at work: a progress bar with the rows done so far; the page reloads itself meanwhile. */
function ImportProgress({ status }: { status: ImportStatus }) {
  const step = stepWords[status.state as keyof typeof stepWords];
  // A cancel counts down the rows applied; the bar shows the rows undone.
  const done = status.state === "cancelling" ? status.rowsTotal - status.rowsDone : status.rowsDone;
  const total = Math.max(status.rowsTotal, done);
  const revalidator = useRevalidator();
  // Each answer brings a new `status`, which sets the next ask.
  useEffect(() => {
    const next = setTimeout(() => void revalidator.revalidate(), progressRefreshSeconds * 1000);
    return () => clearTimeout(next);
  }, [status]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Card data-testid="import-progress" data-state={status.state}>
      {/* Without a script the page reloads itself; a script asks for the figures instead (axe
          refuses a timed refresh the visitor did not ask for). */}
      <noscript>
        <meta httpEquiv="refresh" content={String(progressRefreshSeconds)} />
      </noscript>
      <CardHeader className="gap-1">
        <h2 className="text-xl font-semibold break-words">
          {step.title} {status.fileName}
        </h2>
        <p className="text-sm text-muted-foreground">
          {status.state === "previewing"
            ? "Nothing is written while the file is checked. This page updates by itself."
            : status.state === "importing"
              ? "You can leave this page and come back. A cancel undoes every row imported so far."
              : "Every row imported so far is put back as it was. This page updates by itself."}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="space-y-2">
          <label htmlFor="import-rows" className="text-sm font-medium">
            <span data-testid="import-rows-done">{numberFormat.format(done)}</span> of{" "}
            {numberFormat.format(total)} {step.rows}
          </label>
          <progress
            id="import-rows"
            value={done}
            max={Math.max(total, 1)}
            className="block h-3 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          />
        </div>
        {status.state !== "cancelling" && (
          <AdminForm>
            <input type="hidden" name="id" value={status.id} />
            <Button type="submit" name="intent" value="cancel" variant="outline">
              {status.state === "previewing" ? "Stop checking" : "Cancel the import"}
            </Button>
          </AdminForm>
        )}
      </CardContent>
    </Card>
  );
}

/** How the job ended: the import's counts, or the cancel. */
function ImportEnded({ status }: { status: ImportStatus }) {
  const counts = status.result;
  return (
    <Card data-testid="import-ended" data-state={status.state}>
      <CardContent className="space-y-3 pt-6">
        <h2 className="text-xl font-semibold break-words">
          {counts ? "Imported" : "Cancelled"} {status.fileName}
        </h2>
        <p role="status" data-testid="import-result">
          {counts
            ? `Imported: ${numberFormat.format(counts.newPeople)} new people, ${numberFormat.format(counts.merged - counts.unchanged)} rows merged into people already here, ${numberFormat.format(counts.unchanged)} rows left alone (those people already stood as the file has them), ${numberFormat.format(counts.confirmed)} newly confirmed newsletter members, ${numberFormat.format(counts.erased)} erased addresses not imported, ${numberFormat.format(counts.refused)} rows refused.`
            : `The import of ${status.fileName} was cancelled: the people and their lists are as they were before it.`}
        </p>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/admin/people" className="underline underline-offset-4">
            See the people
          </Link>
          <Link to="/admin/people/import" className="underline underline-offset-4">
            Import another file
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

export default function AdminImportPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { status, maxMegabytes, listedRows } = loaderData;
  const preview = status?.state === "preview" ? status.preview : undefined;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/people" label="People" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Import people</h1>
      {actionData && (
        <p
          role="alert"
          className="rounded-md border bg-card p-3 text-sm"
          data-testid="import-message"
        >
          {actionData.message}
        </p>
      )}
      {status && !preview ? (
        status.state === "done" || status.state === "cancelled" ? (
          <ImportEnded status={status} />
        ) : (
          <ImportProgress status={status} />
        )
      ) : !preview ? (
        <Card>
          <CardHeader>
            <p className="text-sm text-muted-foreground">
              A CSV exported from Mailchimp, Kit or Ghost (up to {maxMegabytes} MB). You will see
              how its columns are read and what would change before anything is written. People are
              marked confirmed only where the file records their consent.
            </p>
          </CardHeader>
          <CardContent>
            <AdminForm encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
              <div className="space-y-2">
                <Label htmlFor="file">CSV file</Label>
                <input
                  id="file"
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  required
                  className="block text-sm file:mr-3 file:rounded-md file:border file:bg-card file:px-3 file:py-2"
                />
              </div>
              <Button type="submit">Preview the import</Button>
            </AdminForm>
          </CardContent>
        </Card>
      ) : "error" in preview ? (
        <Card>
          <CardContent className="space-y-3 pt-6">
            <p role="alert">{preview.error}</p>
            <AdminForm>
              <input type="hidden" name="id" value={preview.id} />
              <Button type="submit" name="intent" value="discard" variant="outline">
                Choose another file
              </Button>
            </AdminForm>
          </CardContent>
        </Card>
      ) : (
        <Card data-testid="import-preview">
          <CardHeader className="gap-1">
            <h2 className="text-xl font-semibold break-words">Preview of {preview.fileName}</h2>
            <p className="text-sm text-muted-foreground">Nothing has been written yet.</p>
          </CardHeader>
          <CardContent className="space-y-6">
            <section aria-labelledby="mapping" className="space-y-2">
              <h3 id="mapping" className="font-semibold">
                Columns
              </h3>
              <p className="text-sm text-muted-foreground" data-testid="import-separator">
                Cells separated by {separatorNames[preview.separator] ?? preview.separator}s.
              </p>
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                {Object.entries(fieldLabels)
                  .filter(([field]) => field === "email" || preview.mapping[field as ImportField])
                  .map(([field, label]) => (
                    <div key={field} className="contents">
                      <dt className="text-muted-foreground">{label}</dt>
                      <dd className="break-words">
                        {preview.mapping[field as ImportField]?.header}
                      </dd>
                    </div>
                  ))}
              </dl>
              {preview.unknownTags.length > 0 && (
                <p className="text-sm text-muted-foreground">
                  Tags that match no interest (left out): {preview.unknownTags.join(", ")}
                </p>
              )}
            </section>
            <section aria-labelledby="counts" className="space-y-2">
              <h3 id="counts" className="font-semibold">
                What the import does
              </h3>
              <dl
                className="grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
                data-testid="import-counts"
              >
                {(Object.entries(countLabels) as [keyof typeof countLabels, string][])
                  .filter(([key]) => key !== "erased" || preview.counts.erased > 0)
                  .map(([key, label]) => (
                    <div key={key} className="contents">
                      <dt>{label}</dt>
                      <dd className="font-medium tabular-nums" data-testid={`count-${key}`}>
                        {preview.counts[key]}
                      </dd>
                    </div>
                  ))}
              </dl>
              <h4 className="pt-2 text-sm font-semibold">Changes to known people</h4>
              {fieldChangeNames.every((field) => preview.counts.changes[field] === 0) ? (
                <p className="text-sm" data-testid="import-changes">
                  None: nobody already here changes.
                </p>
              ) : (
                <dl
                  className="grid max-w-xl grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
                  data-testid="import-changes"
                >
                  {fieldChangeNames
                    .filter((field) => preview.counts.changes[field] > 0)
                    .map((field) => (
                      <div key={field} className="contents">
                        <dt>{changeLabels[field]}</dt>
                        <dd className="font-medium tabular-nums">
                          {preview.counts.changes[field]}
                        </dd>
                      </div>
                    ))}
                </dl>
              )}
            </section>
            {preview.erased.length > 0 && (
              <section aria-labelledby="erased" className="space-y-2">
                <h3 id="erased" className="font-semibold">
                  Erased addresses
                </h3>
                <p className="text-sm text-muted-foreground">
                  These people asked to be erased. They come back only by signing up and confirming
                  again themselves.
                </p>
                <ul className="space-y-1 text-sm" data-testid="erased-rows">
                  {preview.erased.map((row) => (
                    <li key={row.line} className="break-words">
                      Line {row.line} ({row.email}): erased on {row.erasedAt.slice(0, 10)}: not
                      imported
                    </li>
                  ))}
                </ul>
                {preview.counts.erased > preview.erased.length && (
                  <p className="text-sm text-muted-foreground">
                    and {preview.counts.erased - preview.erased.length} more.
                  </p>
                )}
              </section>
            )}
            <section aria-labelledby="statuses" className="space-y-2">
              <h3 id="statuses" className="font-semibold">
                Statuses in the file
              </h3>
              {preview.statuses.length === 0 && preview.counts.erased === preview.counts.rows ? (
                <p className="text-sm">
                  Every row of the file is an erased address, so none is imported and no list
                  changes.
                </p>
              ) : preview.statuses.length === 0 ? (
                <p className="text-sm">
                  The file records no status and no consent: everyone is kept on no list.
                </p>
              ) : (
                <table className="w-full max-w-xl text-left text-sm" data-testid="import-statuses">
                  <thead className="text-muted-foreground">
                    <tr>
                      <th className="py-1 pr-4 font-normal">List</th>
                      <th className="py-1 pr-4 font-normal">Status (read from column)</th>
                      <th className="py-1 text-right font-normal">Rows</th>
                    </tr>
                  </thead>
                  <tbody>
                    {preview.statuses.map((status) => (
                      <tr key={`${status.list}-${status.status}-${status.column}`}>
                        <td className="py-1 pr-4">
                          {status.list === "suppression" ? "every list" : status.list}
                        </td>
                        <td className="py-1 pr-4 break-words">
                          {status.status} ({status.column})
                        </td>
                        <td className="py-1 text-right tabular-nums">{status.rows}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <p className="text-sm text-muted-foreground">
                Nobody the file records as unsubscribed, cleaned, bounced or complaining is
                confirmed; suppressed addresses are mailed nothing until they confirm a list again.
              </p>
            </section>
            {preview.duplicates.length > 0 && (
              <section aria-labelledby="duplicates" className="space-y-2">
                <h3 id="duplicates" className="font-semibold">
                  Repeated addresses
                </h3>
                <p className="text-sm text-muted-foreground">
                  Each address is imported once: the first row&rsquo;s name, and the strictest
                  status any of its rows records.
                </p>
                <ul className="space-y-1 text-sm" data-testid="duplicate-rows">
                  {preview.duplicates.slice(0, listedRows).map((row) => (
                    <li key={row.line} className="break-words">
                      Line {row.line} repeats line {row.firstLine} ({row.email}): kept {row.kept}
                    </li>
                  ))}
                </ul>
                {preview.duplicateCount > listedRows && (
                  <p className="text-sm text-muted-foreground">
                    and {preview.duplicateCount - listedRows} more.
                  </p>
                )}
              </section>
            )}
            {preview.refused.length > 0 && (
              <section aria-labelledby="refused" className="space-y-2">
                <h3 id="refused" className="font-semibold">
                  Refused rows
                </h3>
                <ul className="space-y-1 text-sm" data-testid="refused-rows">
                  {preview.refused.slice(0, listedRows).map((row) => (
                    <li key={row.line}>
                      Line {row.line}: {row.reason}
                    </li>
                  ))}
                </ul>
                {preview.counts.refused > listedRows && (
                  <p className="text-sm text-muted-foreground">
                    and {preview.counts.refused - listedRows} more.
                  </p>
                )}
              </section>
            )}
            <AdminForm className="flex flex-wrap gap-3">
              <input type="hidden" name="id" value={preview.id} />
              <Button type="submit" name="intent" value="import">
                Import {preview.counts.rows - preview.counts.refused - preview.counts.erased} rows
              </Button>
              <Button type="submit" name="intent" value="discard" variant="outline">
                Discard
              </Button>
            </AdminForm>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
