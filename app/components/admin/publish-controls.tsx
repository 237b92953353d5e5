import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * An article's or a resource's buttons: publish at a time in UTC, and, in a bar kept at the
 * bottom of the screen while the form is in view, save the draft or publish now (on a phone the
 * form is thousands of pixels long: issue 49). Both are children of the form itself, as a sticky
 * bar sticks only within its parent; Save draft stays the first button, the one Enter presses.
 */
export function PublishControls({ publishLabel = "Publish" }: { publishLabel?: string }) {
  return (
    <>
      <div
        className="sticky bottom-0 z-10 -mx-2 flex flex-wrap gap-3 border-t bg-background px-2 py-3"
        data-testid="publish-bar"
      >
        <Button type="submit" name="intent" value="save" variant="outline">
          Save draft
        </Button>
        <Button type="submit" name="intent" value="publish">
          {publishLabel}
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="publishAt">Publish at (UTC)</Label>
          <Input id="publishAt" name="publishAt" type="datetime-local" className="w-56" />
        </div>
        <Button type="submit" name="intent" value="schedule" variant="outline">
          Schedule
        </Button>
      </div>
    </>
  );
}
