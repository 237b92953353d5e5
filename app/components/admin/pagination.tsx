import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** Previous / next links that keep the current filters in the query. */
export function Pagination({
  page,
  pageSize,
  total,
  search,
  totalIsLowerBound = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The count stopped at `total` and there are more (a broad search of the people list). */
  totalIsLowerBound?: boolean;
  /** The list's current query string, filters included. */
  search: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const more = totalIsLowerBound ? "+" : "";
  const to = (target: number) => {
    const query = new URLSearchParams(search);
    query.set("page", String(target));
    return `?${query}`;
  };
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      <span className="text-muted-foreground">
        Page {page} of {pages.toLocaleString("en-US")}
        {more} · {total.toLocaleString("en-US")}
        {more} in all
      </span>
      <span className="flex gap-2">
        {page > 1 && (
          <Link to={to(page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Previous
          </Link>
        )}
        {(page < pages || totalIsLowerBound) && (
          <Link to={to(page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
            Next
          </Link>
        )}
      </span>
    </nav>
  );
}
