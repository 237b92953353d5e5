import { data, Link } from "react-router";
import type { Route } from "./+types/admin.email.suppressed";
import { AdminForm } from "~/components/admin/admin-form";
import { AdminTime } from "~/components/admin/admin-time";
import { adminMeta } from "~/components/admin/admin-meta";
import { ConsoleNotice } from "~/components/admin/console-message";
import { Pagination } from "~/components/admin/pagination";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { TextInputField } from "~/components/ui/text-input-field";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { countSuppressed, liftPersonSuppression, listSuppressed } from "~/.server/deliverability";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Suppressed addresses");

const pageSize = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const query = new URL(request.url).searchParams;
  const page = Math.max(1, Math.floor(Number(query.get("page")) || 1));
  const [total, rows] = await Promise.all([
    countSuppressed(context.db),
    listSuppressed(context.db, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  return { rows, total, page, pageSize, search: query.toString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const personId = String(formData.get("personId") ?? "");
  const outcome = await liftPersonSuppression(context, {
    personId,
    reason: String(formData.get("reason") ?? ""),
    actor: session.email,
  });
  if (outcome === "reason-required") {
    return data(
      { personId, error: "Say why you lift it (up to 500 characters): it goes in the audit log." },
      400,
    );
  }
  if (outcome === "not-suppressed") {
    return data({ personId, error: "That address is not suppressed any more." }, 409);
  }
  return { personId, lifted: true as const };
}

const kindLabel = {
  "hard bounce": "Hard bounce",
  "soft bounces": "Soft bounces",
  complaint: "Spam complaint",
} as const;

export default function AdminSuppressed({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, search } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/email" label="Back to email health" className="-ml-3" />
      <h1 className="text-3xl font-semibold">Suppressed addresses</h1>
      <p className="text-muted-foreground">
        No list email goes to these addresses. Lift one only when you know the mailbox works again
        and the person wants the mail.
      </p>
      {actionData && "lifted" in actionData && (
        <ConsoleNotice>Lifted: they get the lists they are still on again.</ConsoleNotice>
      )}
      {rows.length === 0 ? (
        <p className="rounded-lg border bg-card p-6 text-muted-foreground">
          No address is suppressed.
        </p>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="suppressed">
          {rows.map((row) => {
            const error =
              actionData && "error" in actionData && actionData.personId === row.personId
                ? actionData.error
                : undefined;
            const field = `reason-${row.personId}`;
            return (
              <li key={row.personId} className="space-y-3 p-4">
                <div className="min-w-0 space-y-1">
                  <p className="font-medium break-words">
                    <Link to={`/admin/people/${row.personId}`} className="underline">
                      {row.email}
                    </Link>
                  </p>
                  <p className="text-sm break-words text-muted-foreground">
                    {kindLabel[row.kind]} · <AdminTime iso={row.since} />
                  </p>
                  {row.kind !== "complaint" && (
                    <p className="text-sm break-words text-muted-foreground">{row.reason}</p>
                  )}
                </div>
                {/* A details element: the form opens without JavaScript, and stays open on an error. */}
                <details open={error !== undefined}>
                  <summary className="cursor-pointer text-sm font-medium">Lift</summary>
                  <AdminForm className="mt-3 max-w-md space-y-3">
                    <input type="hidden" name="personId" value={row.personId} />
                    <TextInputField
                      id={field}
                      name="reason"
                      label="Why lift it?"
                      maxLength={500}
                      errors={error ? [error] : undefined}
                    />
                    <Button type="submit" variant="outline" size="sm">
                      Lift the suppression
                    </Button>
                  </AdminForm>
                </details>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} search={search} />
    </div>
  );
}
