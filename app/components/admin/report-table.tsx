import { ScrollRegion } from "./scroll-region";

export type ReportCell = string | number | null;

export type ReportColumn = {
  key: string;
  label: string;
  format?: (value: number) => string;
};

/** Rows past which a table scrolls in its own box instead of stretching the page. */
const tallFrom = 12;

/**
 * One titled table of figures with its CSV download: the console's analytics page draws every
 * table through it, from a list of tables and their columns.
 */
export function ReportTable({
  title,
  csvHref,
  rows,
  columns,
  wide = false,
}: {
  /** Spans both columns of the page's grid on a wide screen (a table of many columns). */
  wide?: boolean;
  title: string;
  csvHref: string;
  rows: Record<string, ReportCell>[];
  columns: readonly ReportColumn[];
}) {
  return (
    <section
      className={`min-w-0 space-y-2 rounded-md border bg-card p-4 ${wide ? "lg:col-span-2" : ""}`}
      aria-label={title}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <a href={csvHref} className="text-sm underline underline-offset-4" download>
          CSV<span className="sr-only"> of {title}</span>
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in this range.</p>
      ) : (
        <ScrollRegion label={title} tall={rows.length > tallFrom}>
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-card">
              <tr className="text-left">
                {columns.map((column, index) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`py-1 pr-3 font-medium whitespace-nowrap ${index === 0 ? "" : "text-right"}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className="border-t">
                  {columns.map((column, index) => {
                    const value = row[column.key] ?? null;
                    // The first column names the row (a page, a domain): it wraps only between
                    // words, and a long one makes the table scroll sideways. Figures never break.
                    return (
                      <td
                        key={column.key}
                        className={
                          index === 0
                            ? "min-w-32 py-1 pr-3 break-words"
                            : "py-1 pr-3 text-right whitespace-nowrap tabular-nums"
                        }
                        data-numeric={index === 0 ? undefined : ""}
                      >
                        {value === null
                          ? "-"
                          : typeof value === "number" && column.format
                            ? column.format(value)
                            : value}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
