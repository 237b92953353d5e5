import { diffArrays } from "diff";

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/**
 * Past this many lines added and removed, the diff's time grows with its square (half of 6,000
 * lines changed took 5 s, all of them 12 s): the revision is shown as replaced whole instead.
 */
const maxEditLength = 2_000;

/** A line diff of two texts, by jsdiff's Myers diff (quick when few lines changed). */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const changes = diffArrays(before, after, { maxEditLength });
  if (!changes)
    return [
      ...before.map((text) => ({ kind: "removed" as const, text })),
      ...after.map((text) => ({ kind: "added" as const, text })),
    ];
  return changes.flatMap((change) => {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    return change.value.map((text) => ({ kind, text }));
  });
}

/**
 * What changed between revisions `from` and `to` among `rows` (an article's or a resource's),
 * each drawn as lines by `text`; undefined when either is not there.
 */
export function diffRevisionPair(
  rows: { number: number; content: string }[],
  { from, to }: { from: number; to: number },
  text: (content: string) => string[],
): DiffLine[] | undefined {
  const before = rows.find((row) => row.number === from);
  const after = rows.find((row) => row.number === to);
  if (!before || !after) return undefined;
  return diffLines(text(before.content), text(after.content));
}
