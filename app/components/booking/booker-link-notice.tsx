import { Link } from "react-router";
import { bookingContent } from "~/content/booking";

const content = bookingContent.change;

/** Why a booker's move or cancel link changes nothing, and where to turn instead. */
export function BookerLinkNotice({ state }: { state: "invalid-link" | "cancelled" | "closed" }) {
  const text =
    state === "invalid-link"
      ? content.invalidLink
      : state === "cancelled"
        ? content.wasCancelled
        : content.closed;
  return (
    <div role="alert" data-testid="booker-link-notice" data-state={state} className="space-y-3">
      <p className="rounded-md border border-destructive p-3 text-destructive">{text}</p>
      {state !== "cancelled" && (
        <p>
          <Link to="/contact" className="underline">
            Write to us through the contact page
          </Link>
        </p>
      )}
      {state === "cancelled" && (
        <p>
          <Link to="/booking" className="underline">
            Book another time
          </Link>
        </p>
      )}
    </div>
  );
}
