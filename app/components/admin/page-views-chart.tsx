import { axisTicks, ChartAxis } from "./chart-axis";

/**
 * Page views per day as plain SVG drawn on the server (no chart library, no JavaScript), with the
 * same figures in a table for screen readers. The bars stretch to any width; the axis labels are
 * HTML beside and below them, so they keep their size on a phone and the chart never overflows.
 */
export function PageViewsChart({
  days,
  zone,
}: {
  days: { day: string; views: number }[];
  /** The owner's zone the days are cut in. */
  zone: string;
}) {
  const max = Math.max(1, ...days.map((day) => day.views));
  const ticks = axisTicks(max);
  const count = Math.max(1, days.length);
  return (
    <figure className="space-y-2">
      <div className="flex gap-2" aria-hidden="true">
        <ChartAxis ticks={ticks} max={max} />
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${count} ${max}`}
            preserveAspectRatio="none"
            className="block h-48 w-full"
            data-testid="page-views-chart"
          >
            {ticks.map((tick) => (
              <line
                key={tick}
                x1={0}
                x2={count}
                y1={max - tick}
                y2={max - tick}
                stroke="var(--color-border)"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((day, index) => (
              <rect
                key={day.day}
                x={index + 0.15}
                y={max - day.views}
                width={0.7}
                height={day.views}
                fill="var(--color-primary)"
              />
            ))}
          </svg>
          <div
            className="mt-1 flex justify-between gap-2 text-xs whitespace-nowrap text-muted-foreground tabular-nums"
            data-testid="chart-days"
          >
            <span>{days[0]?.day}</span>
            {days.length > 1 && <span>{days.at(-1)?.day}</span>}
          </div>
        </div>
      </div>
      <figcaption className="text-sm text-muted-foreground">Page views per day ({zone})</figcaption>
      {/* A table does not clip what overflows it, so the hidden copy is clipped by a block. */}
      <div className="sr-only">
        <table>
          <caption>Page views per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <td>{day.day}</td>
                <td>{day.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
