import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/admin.people.import";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import {
  requireAdminAction,
  requireAdminPage,
  requireAdminSession,
} from "~/.server/admin/admin-request";
import { maxImportBytes } from "~/.server/audience/import-file";
import {
  applyImport,
  discardImport,
  previewImport,
  stageImport,
} from "~/.server/audience/people-import";
import { readFileUpload, readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Import people");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const id = new URL(request.url).searchParams.get("id");
  // An id already imported or discarded shows the upload form again.
  const preview = id ? await previewImport(context.db, id) : undefined;
  return { preview, maxMegabytes: maxImportBytes / 1024 / 1024 };
}

/** Upload (multipart) stages the file and shows its preview; the preview's buttons import or discard. */
export async function action({ request, context }: Route.ActionArgs) {
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    await requireAdminSession(request, context);
    const { fields, file } = await readFileUpload(request, maxImportBytes);
    const session = await requireAdminAction(request, context, fields);
    if (!file) return data({ message: "Choose a CSV file to import." }, 400);
    const id = await stageImport(context, {
      actor: session.email,
      fileName: file.name || "upload.csv",
      csv: file.text,
    });
    return redirect(`/admin/people/import?id=${id}`);
  }
  const form = await readFormBody(request);
  const session = await requireAdminAction(request, context, form);
  const id = form.get("id") ?? "";
  if (form.get("intent") === "discard") {
    await discardImport(context, id);
    return redirect("/admin/people/import");
  }
  if (form.get("intent") !== "import") return data({ message: "Unknown action." }, 400);
  const result = await applyImport(context, { id, actor: session.email });
  if ("error" in result) return data({ message: result.error }, 409);
  const { counts } = result;
  return {
    message: `Imported: ${counts.newPeople} new people, ${counts.merged} merged, ${counts.confirmed} confirmed newsletter members, ${counts.refused} rows refused.`,
  };
}

const fieldLabels = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  name: "Name",
  status: "Status",
  tags: "Tags → interests",
  consentedAt: "Consent time",
} as const;

const countLabels = {
  rows: "Rows in the file",
  newPeople: "New people",
  merged: "Merged with a known person or an earlier row",
  confirmed: "Confirmed newsletter members (the file records consent)",
  unsubscribed: "Unsubscribed in the file",
  withoutConsent: "No consent in the file (kept, on no list)",
  keptUnsubscribed: "Unsubscribed here: left unsubscribed",
  refused: "Refused",
} as const;

/** Refused rows shown on the page; the count says how many there are in all. */
const refusedShown = 200;

export default function AdminImportPeople({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, maxMegabytes } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/people" label="People" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Import people</h1>
      {actionData && (
        <p
          role="status"
          className="rounded-md border bg-card p-3 text-sm"
          data-testid="import-result"
        >
          {actionData.message}
          {!preview && (
            <>
              {" "}
              <Link to="/admin/people" className="underline underline-offset-4">
                See the people
              </Link>
            </>
          )}
        </p>
      )}
      {!preview ? (
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
              <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                {Object.entries(fieldLabels).map(([field, label]) => (
                  <div key={field} className="contents">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd>
                      {preview.mapping[field as keyof typeof fieldLabels]?.header ??
                        "not in the file"}
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
                {Object.entries(countLabels).map(([key, label]) => (
                  <div key={key} className="contents">
                    <dt>{label}</dt>
                    <dd className="font-medium tabular-nums" data-testid={`count-${key}`}>
                      {preview.counts[key as keyof typeof countLabels]}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            {preview.refused.length > 0 && (
              <section aria-labelledby="refused" className="space-y-2">
                <h3 id="refused" className="font-semibold">
                  Refused rows
                </h3>
                <ul className="space-y-1 text-sm" data-testid="refused-rows">
                  {preview.refused.slice(0, refusedShown).map((row) => (
                    <li key={row.line}>
                      Line {row.line}: {row.reason}
                    </li>
                  ))}
                </ul>
                {preview.refused.length > refusedShown && (
                  <p className="text-sm text-muted-foreground">
                    and {preview.refused.length - refusedShown} more.
                  </p>
                )}
              </section>
            )}
            <AdminForm className="flex flex-wrap gap-3">
              <input type="hidden" name="id" value={preview.id} />
              <Button type="submit" name="intent" value="import">
                Import {preview.counts.rows - preview.counts.refused} rows
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
