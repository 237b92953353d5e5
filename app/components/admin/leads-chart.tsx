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

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * Stacked bars of new leads per day, drawn as plain SVG on the server (no chart library), with the
 * same figures in a table for screen readers. The bars stretch to any width; the axis labels are
 * text beside and below them, so they stay readable on a phone and the chart never overflows.
 */
export function LeadsChart({ days }: { days: LeadsChartDay[] }) {
  const totals = days.map((day) => series.reduce((sum, { key }) => sum + day[key], 0));
  const max = Math.max(1, ...totals);
  const dayLabels = [days[0], days[Math.floor(days.length / 2)], days.at(-1)];
  return (
    <figure className="space-y-3">
      <div className="flex gap-2" aria-hidden="true">
        <div className="flex h-48 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums">
          <span>{max}</span>
          <span>{max % 2 === 0 ? max / 2 : ""}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${days.length} ${max}`}
            preserveAspectRatio="none"
            className="block h-48 w-full"
            data-testid="leads-chart"
          >
            {[0, max / 2, max].map((level) => (
              <line
                key={level}
                x1={0}
                x2={days.length}
                y1={level}
                y2={level}
                stroke="var(--color-border)"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((day, index) => {
              let stacked = 0;
              return (
                <g key={day.day}>
                  {series.map(({ key, color }) => {
                    const value = day[key];
                    if (value === 0) return null;
                    stacked += value;
                    return (
                      <rect
                        key={key}
                        x={index + 0.15}
                        y={max - stacked}
                        width={0.7}
                        height={value}
                        fill={color}
                      />
                    );
                  })}
                </g>
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-muted-foreground">
            {dayLabels.map((day) => day && <span key={day.day}>{shortDay(day.day)}</span>)}
          </div>
        </div>
      </div>
      {/* A table does not clip what overflows it, so the hidden copy is clipped by a block. */}
      <div className="sr-only">
        <table>
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
      </div>
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
