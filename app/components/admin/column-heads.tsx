/** A table's header row: one `th scope="col"` a label, each with the cell class given. */
export function ColumnHeads({
  labels,
  rowClassName,
  cellClassName,
  lastCellClassName = cellClassName,
}: {
  labels: readonly string[];
  rowClassName?: string;
  cellClassName: string;
  /** The last column's class where it differs (a right-aligned figure). */
  lastCellClassName?: string;
}) {
  return (
    <thead>
      <tr className={rowClassName}>
        {labels.map((label, index) => (
          <th
            key={label}
            scope="col"
            className={index === labels.length - 1 ? lastCellClassName : cellClassName}
          >
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
