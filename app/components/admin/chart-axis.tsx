/** Tick values for a count axis up to `max`: every one for small counts, else 0, half and top. */
export function axisTicks(max: number) {
  return max <= 4
    ? Array.from({ length: max + 1 }, (_, index) => index)
    : [0, Math.round(max / 2), max];
}

/**
 * The horizontal grid lines and value labels of the console's server-drawn SVG charts, from
 * `left` to `right`, each at `y(tick)`.
 */
export function ChartAxis({
  ticks,
  left,
  right,
  y,
}: {
  ticks: number[];
  left: number;
  right: number;
  y: (value: number) => number;
}) {
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} stroke="var(--color-border)" />
          <text
            x={left - 6}
            y={y(tick) + 4}
            textAnchor="end"
            fontSize="11"
            fill="var(--color-muted-foreground)"
          >
            {tick}
          </text>
        </g>
      ))}
    </g>
  );
}
