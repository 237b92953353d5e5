import { AdminForm } from "~/components/admin/admin-form";
import { AdminTime } from "~/components/admin/admin-time";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** The owner's private feed: make, replace or stop its secret address; a new one shown once. */
export function FeedSection({
  feedCreatedAt,
  result,
}: {
  feedCreatedAt: string | null;
  result?: { message: string; feedUrl?: string };
}) {
  return (
    <section aria-labelledby="feed" className="space-y-4" data-testid="feed-section">
      <h2 id="feed" className="text-lg font-semibold">
        Your sessions in your calendar app
      </h2>
      <p className="text-sm text-muted-foreground">
        A private address that lists every booked session. Anyone with it can read your sessions, so
        keep it to yourself; making a new one stops the old one.
      </p>
      {result && (
        <p
          role="status"
          className="rounded-md border bg-card p-3 text-sm"
          data-testid="feed-result"
        >
          {result.message}
        </p>
      )}
      {result?.feedUrl && (
        <div className="space-y-2">
          <Label htmlFor="feed-url">Your calendar address</Label>
          <Input
            id="feed-url"
            readOnly
            value={result.feedUrl}
            className="font-mono"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="text-sm text-muted-foreground">
            Copy it now. In Google Calendar: Other calendars, then From URL. In Apple Calendar:
            File, then New Calendar Subscription. In Outlook: Add calendar, then Subscribe from web.
          </p>
        </div>
      )}
      <p className="text-sm" data-testid="feed-state">
        {feedCreatedAt ? (
          <>
            The feed is on; its address was made <AdminTime iso={feedCreatedAt} />.
          </>
        ) : (
          "The feed is off."
        )}
      </p>
      <div className="flex flex-wrap gap-3">
        <AdminForm>
          <input type="hidden" name="intent" value="new-feed" />
          <Button type="submit">
            {feedCreatedAt
              ? "Make a new address (the old one stops working)"
              : "Make a calendar address"}
          </Button>
        </AdminForm>
        {feedCreatedAt && (
          <AdminForm>
            <input type="hidden" name="intent" value="stop-feed" />
            <Button type="submit" variant="outline">
              Stop the feed
            </Button>
          </AdminForm>
        )}
      </div>
    </section>
  );
}
