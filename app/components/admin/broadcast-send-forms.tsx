import { AdminForm } from "./admin-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The two ways a broadcast goes out: now, or at a time the owner picks. A draft and an overdue
 * broadcast ask the same question; only the intents and the words around the time differ.
 */
export function BroadcastSendForms({
  recipients,
  sendIntent,
  scheduleIntent,
  timeId,
  timeLabel,
  scheduleLabel,
}: {
  recipients: number;
  sendIntent: string;
  scheduleIntent: string;
  /** The time field's id: the page can hold one of these pairs beside other forms. */
  timeId: string;
  timeLabel: string;
  scheduleLabel: string;
}) {
  return (
    <>
      <AdminForm>
        <Button type="submit" name="intent" value={sendIntent}>
          Send now to {recipients} recipient{recipients === 1 ? "" : "s"}
        </Button>
      </AdminForm>
      <AdminForm className="flex flex-wrap items-end gap-2">
        <div className="space-y-2">
          <Label htmlFor={timeId}>{timeLabel}</Label>
          <Input id={timeId} name="scheduledAt" type="datetime-local" required />
        </div>
        <Button type="submit" name="intent" value={scheduleIntent} variant="outline">
          {scheduleLabel}
        </Button>
      </AdminForm>
    </>
  );
}
