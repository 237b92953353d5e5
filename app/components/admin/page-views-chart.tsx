import { axisTicks, ChartAxis } from "./chart-axis";
const width = 600;
const height = 200;
const left = 36;
const bottom = 20;
const top = 8;

/**
 * Page views per day as plain SVG drawn on the server (no chart library, no JavaScript), with the
 * same figures in a table for screen readers.
 */
export function PageViewsChart({ days }: { days: { day: string; views: number }[] }) {
  const max = Math.max(1, ...days.map((day) => day.views));
  const step = (width - left) / Math.max(1, days.length);
  const barWidth = Math.max(1, step * 0.7);
  const plotHeight = height - top - bottom;
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  return (
    <figure className="space-y-2">
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Chart, scrolls sideways"
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full min-w-[320px]"
          aria-hidden="true"
          data-testid="page-views-chart"
        >
          <ChartAxis ticks={axisTicks(max)} left={left} right={width} y={y} />
          {days.map((day, index) => (
            <rect
              key={day.day}
              x={left + index * step + (step - barWidth) / 2}
              y={y(day.views)}
              width={barWidth}
              height={top + plotHeight - y(day.views)}
              fill="var(--color-primary)"
            />
          ))}
          <text x={left} y={height - 4} fontSize="11" fill="var(--color-muted-foreground)">
            {days[0]?.day}
          </text>
          <text
            x={width}
            y={height - 4}
            textAnchor="end"
            fontSize="11"
            fill="var(--color-muted-foreground)"
          >
            {days.at(-1)?.day}
          </text>
        </svg>
      </div>
      <figcaption className="text-sm text-muted-foreground">Page views per day (UTC)</figcaption>
      {/* A table is as wide as its cells whatever its own width says: the 1 px clipped box is
          the wrapper's, or the hidden table widened the page on a phone (issue 35). */}
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
