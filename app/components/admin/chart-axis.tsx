/** Tick values for a count axis up to `max`: every one for small counts, else 0, half and top. */
export function axisTicks(max: number) {
  return max <= 4
    ? Array.from({ length: max + 1 }, (_, index) => index)
    : [0, Math.round(max / 2), max];
}

/**
 * The value labels of the console's charts, as HTML beside the drawing (`h-48` high, like it):
 * text inside an SVG scaled by its viewBox shrinks with the chart, to a few pixels on a phone,
 * while these keep the page's text size at any width.
 */
export function ChartAxis({ ticks, max }: { ticks: number[]; max: number }) {
  return (
    <div
      className="relative h-48 shrink-0 pl-1 text-right text-xs leading-none text-muted-foreground tabular-nums"
      data-testid="chart-axis"
    >
      {/* Sized by its widest label; the labels themselves are placed on the lines. */}
      <span className="invisible whitespace-nowrap">{max}</span>
      {ticks.map((tick) => (
        <span
          key={tick}
          className="absolute right-0 -translate-y-1/2 whitespace-nowrap"
          style={{ top: `${(1 - tick / max) * 100}%` }}
        >
          {tick}
        </span>
      ))}
    </div>
  );
}
