import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** An article's or a resource's buttons: save the draft, publish now, or at a time in UTC. */
export function PublishControls({ publishLabel = "Publish" }: { publishLabel?: string }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Button type="submit" name="intent" value="save" variant="outline">
        Save draft
      </Button>
      <Button type="submit" name="intent" value="publish">
        {publishLabel}
      </Button>
      <div className="grid gap-1.5">
        <Label htmlFor="publishAt">Publish at (UTC)</Label>
        <Input id="publishAt" name="publishAt" type="datetime-local" className="w-56" />
      </div>
      <Button type="submit" name="intent" value="schedule" variant="outline">
        Schedule
      </Button>
    </div>
  );
}
