import { AdminForm } from "~/components/admin/admin-form";
import { AdminTime } from "~/components/admin/admin-time";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type BusyStatus = {
  host: string;
  fetchedAt: string | null;
  error: string | null;
  events: number;
} | null;

/** The busy-times address: set, replace or clear it, and how its last fetch went. */
export function BusyCalendarSection({
  busy,
  result,
}: {
  busy: BusyStatus;
  result?: { message: string; submitted?: string; failed?: true };
}) {
  return (
    <section aria-labelledby="busy" className="space-y-4" data-testid="busy-section">
      <h2 id="busy" className="text-lg font-semibold">
        Busy times from your calendar
      </h2>
      <p className="text-sm text-muted-foreground">
        Give your calendar&apos;s secret address (in iCal format): its events block booking slots.
        It is read every few minutes.
      </p>
      {result && (
        <p
          role={result.failed ? "alert" : "status"}
          className="rounded-md border bg-card p-3 text-sm"
          data-testid="busy-result"
        >
          {result.message}
        </p>
      )}
      {busy && <BusyState busy={busy} />}
      <AdminForm className="space-y-2" data-testid="busy-form">
        <input type="hidden" name="intent" value="busy-url" />
        <Label htmlFor="busy-url">
          {busy ? "A new secret address (replaces the current one)" : "Secret address"}
        </Label>
        <Input
          id="busy-url"
          name="busyUrl"
          type="text"
          inputMode="url"
          maxLength={2000}
          required
          defaultValue={result?.submitted ?? ""}
          aria-invalid={result?.failed ? true : undefined}
          aria-describedby={result?.failed ? "busy-error" : undefined}
        />
        {result?.failed && (
          <p id="busy-error" className="text-sm text-destructive">
            {result.message}
          </p>
        )}
        <Button type="submit">Save the address</Button>
      </AdminForm>
      {busy && (
        <AdminForm>
          <input type="hidden" name="intent" value="clear-busy" />
          <Button type="submit" variant="outline">
            Clear the address
          </Button>
        </AdminForm>
      )}
    </section>
  );
}

function BusyState({ busy }: { busy: NonNullable<BusyStatus> }) {
  return (
    <div className="space-y-2 text-sm" data-testid="busy-state">
      <p>
        Reading a calendar at {busy.host}.{" "}
        {busy.fetchedAt ? (
          <>
            Last read <AdminTime iso={busy.fetchedAt} />: {busy.events}{" "}
            {busy.events === 1 ? "busy time" : "busy times"}.
          </>
        ) : (
          "Not read successfully yet."
        )}
      </p>
      {busy.error && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
          data-testid="busy-warning"
        >
          Your calendar could not be read: {busy.error};{" "}
          {busy.fetchedAt ? (
            <>
              the last good copy from <AdminTime iso={busy.fetchedAt} /> is used.
            </>
          ) : (
            "no busy times block slots until it can be."
          )}
        </p>
      )}
    </div>
  );
}
