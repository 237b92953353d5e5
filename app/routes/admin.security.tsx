import { data, redirect } from "react-router";
import type { Route } from "./+types/admin.security";
import { AddPasskeyButton } from "~/components/admin/add-passkey-button";
import { AdminForm } from "~/components/admin/admin-form";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTime } from "~/components/admin/admin-time";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { listPasskeys, removePasskey, requireAdminAction, requireAdminPage } from "~/.server/admin";
import { readFormBody } from "~/.server/http/request-body";

export const meta = () => adminMeta("Security");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdminPage(request, context);
  const added = new URL(request.url).searchParams.has("added");
  return { added, passkeys: await listPasskeys(context.db, session.email) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormBody(request);
  const session = await requireAdminAction(request, context, formData);
  const outcome = await removePasskey(context, { session, id: String(formData.get("id") ?? "") });
  if (outcome === "not-found") return data({ error: "No such passkey." }, 404);
  return redirect("/admin/security");
}

export default function AdminSecurity({ loaderData: { added, passkeys } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-semibold">Security</h1>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">Passkeys</h2>
          <CardDescription>
            Sign in with this device's fingerprint, face or PIN instead of waiting for an email.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {added && passkeys.length > 0 && (
            <p role="status" className="rounded-md bg-secondary p-3 text-sm">
              Passkey added: you can sign in with it next time.
            </p>
          )}
          {passkeys.length === 0 ? (
            <p className="text-muted-foreground">No passkey yet.</p>
          ) : (
            <ul className="divide-y rounded-md border" data-testid="passkeys">
              {passkeys.map((passkey, index) => (
                <li
                  key={passkey.id}
                  className="flex flex-wrap items-center justify-between gap-3 p-3"
                >
                  <span className="text-sm">
                    Passkey {index + 1} · added <AdminTime iso={passkey.created_at} />
                    {passkey.last_used_at && (
                      <>
                        {" "}
                        · last used <AdminTime iso={passkey.last_used_at} />
                      </>
                    )}
                  </span>
                  <AdminForm>
                    <input type="hidden" name="id" value={passkey.id} />
                    <Button type="submit" variant="outline" size="sm">
                      Remove<span className="sr-only"> passkey {index + 1}</span>
                    </Button>
                  </AdminForm>
                </li>
              ))}
            </ul>
          )}
          <AddPasskeyButton />
        </CardContent>
      </Card>
    </div>
  );
}
