import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.analytics.delete";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/page/back-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { requireAdminAction, requireAdminPage } from "~/.server/admin";
import { deleteAllAnalyticsData } from "~/.server/analytics";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Delete all analytics data");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  if (formData.get("confirm") !== "delete") {
    return data({ error: "Tick the box to confirm the deletion." }, 400);
  }
  await deleteAllAnalyticsData(context, { actor: session.email });
  return redirect("/admin/analytics?deleted=1");
}

export default function AdminAnalyticsDelete({ actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <BackLink to="/admin/analytics" label="Back to analytics" className="-ml-3" />
      <Card className="max-w-2xl">
        <CardHeader>
          <h1 className="text-2xl font-semibold">Delete all analytics data?</h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>Every page view and event, and the daily totals made from them, are deleted.</li>
            <li>
              The sources of leads and sales (landing page, referrer, campaign) are deleted; the
              people, messages and orders themselves stay.
            </li>
            <li>The settings (retention, paths not counted) stay.</li>
          </ul>
          <p className="text-sm font-medium">This cannot be undone.</p>
          <AdminForm className="space-y-4">
            <label className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="confirm"
                value="delete"
                required
                className="mt-1 size-4"
              />
              I understand: delete all analytics data.
            </label>
            {actionData && (
              <p role="alert" className="text-sm text-destructive">
                {actionData.error}
              </p>
            )}
            <Button type="submit" variant="destructive">
              Delete all analytics data
            </Button>
          </AdminForm>
        </CardContent>
      </Card>
    </div>
  );
}
