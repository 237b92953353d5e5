export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** A line diff (longest common subsequence) of two texts. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] =
        before[i] === after[j]
          ? lcs[i + 1]![j + 1]! + 1
          : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      lines.push({ kind: "same", text: before[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!)
      lines.push({ kind: "removed", text: before[i++]! });
    else lines.push({ kind: "added", text: after[j++]! });
  }
  while (i < n) lines.push({ kind: "removed", text: before[i++]! });
  while (j < m) lines.push({ kind: "added", text: after[j++]! });
  return lines;
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
