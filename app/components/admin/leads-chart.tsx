import { axisTicks, ChartAxis } from "./chart-axis";
/** One day's new leads by kind; `day` is YYYY-MM-DD. */
export type LeadsChartDay = {
  day: string;
  messages: number;
  subscribers: number;
  waitlist: number;
  orders: number;
};

const series = [
  { key: "messages", label: "Contact messages", color: "var(--color-primary)" },
  { key: "subscribers", label: "Confirmed subscribers", color: "var(--color-accent)" },
  { key: "waitlist", label: "Waitlist", color: "var(--color-gold)" },
  { key: "orders", label: "Paid orders", color: "var(--color-destructive)" },
] as const;

const width = 600;
const height = 220;
const left = 28;
const bottom = 24;
const top = 8;

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * Stacked bars of new leads per day, drawn as plain SVG on the server (no chart library), with the
 * same figures in a table for screen readers.
 */
export function LeadsChart({ days }: { days: LeadsChartDay[] }) {
  const totals = days.map((day) => series.reduce((sum, { key }) => sum + day[key], 0));
  const max = Math.max(1, ...totals);
  const step = (width - left) / days.length;
  const barWidth = Math.max(2, step * 0.7);
  const plotHeight = height - top - bottom;
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  const ticks = axisTicks(max);
  return (
    <figure className="space-y-3">
      {/* Below 480 px the labels would be too small to read: the chart scrolls sideways instead. */}
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Chart, scrolls sideways"
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="h-auto w-full min-w-[480px]"
          aria-hidden="true"
          data-testid="leads-chart"
        >
          <ChartAxis ticks={ticks} left={left} right={width} y={y} />
          {days.map((day, index) => {
            let stacked = 0;
            const x = left + index * step + (step - barWidth) / 2;
            return (
              <g key={day.day}>
                {series.map(({ key, color }) => {
                  const value = day[key];
                  if (value === 0) return null;
                  const rect = (
                    <rect
                      key={key}
                      x={x}
                      y={y(stacked + value)}
                      width={barWidth}
                      height={y(stacked) - y(stacked + value)}
                      fill={color}
                    />
                  );
                  stacked += value;
                  return rect;
                })}
                {index % 7 === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={height - 6}
                    textAnchor="middle"
                    fontSize="11"
                    fill="var(--color-muted-foreground)"
                  >
                    {shortDay(day.day)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <table className="sr-only">
        <caption>New leads per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map(({ key, label }) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days
            .filter((_, index) => totals[index]! > 0)
            .map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                {series.map(({ key }) => (
                  <td key={key}>{day[key]}</td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {series.map(({ key, label, color }) => (
            <li key={key} className="flex items-center gap-2">
              <span
                className="inline-block size-3 rounded-sm"
                style={{ background: color }}
                aria-hidden="true"
              />
              {label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
