import type { ReactNode } from "react";

/** One page of a filtered console list, or a line saying that nothing matches the filter. */
export function ResultList<Item>({
  items,
  emptyText,
  testId,
  renderItem,
}: {
  items: readonly Item[];
  emptyText: string;
  testId: string;
  /** Renders one row as an `<li>` with its key. */
  renderItem: (item: Item) => ReactNode;
}) {
  if (items.length === 0) {
    return <p className="rounded-lg border bg-card p-6 text-muted-foreground">{emptyText}</p>;
  }
  return (
    <ul className="divide-y rounded-lg border bg-card" data-testid={testId}>
      {items.map(renderItem)}
    </ul>
  );
}
