import { describe, expect, it } from "vitest";
import { diffLines } from "./revision-diff";

const body = (count: number) =>
  Array.from({ length: count }, (_, index) => `Paragraph ${index} of a long article.`);

describe("diffLines", () => {
  it("finds the changed lines of a 6,000-line body", () => {
    const before = body(6_000);
    const after = before.flatMap((line, index) => {
      if (index % 500 === 0) return [];
      if (index % 100 === 50) return [`${line} Reworded.`];
      if (index === 3_001) return [line, "A new paragraph."];
      return [line];
    });

    const lines = diffLines(before, after);

    expect(lines.filter((line) => line.kind === "removed").map((line) => line.text)).toEqual(
      before.filter((_, index) => index % 500 === 0 || index % 100 === 50),
    );
    expect(lines.filter((line) => line.kind === "added").map((line) => line.text)).toEqual([
      ...before
        .filter((_, index) => index % 100 === 50 && index < 3_001)
        .map((l) => `${l} Reworded.`),
      "A new paragraph.",
      ...before
        .filter((_, index) => index % 100 === 50 && index > 3_001)
        .map((l) => `${l} Reworded.`),
    ]);
    expect(lines.filter((line) => line.kind === "same")).toHaveLength(6_000 - 12 - 60);
    // In order: what was there before reads through from the removed and same lines.
    expect(lines.filter((line) => line.kind !== "added").map((line) => line.text)).toEqual(before);
    expect(lines.filter((line) => line.kind !== "removed").map((line) => line.text)).toEqual(after);
  });

  it("shows a body rewritten throughout as replaced whole", () => {
    const before = body(6_000);
    const after = before.map((line) => `${line} Rewritten.`);

    expect(diffLines(before, after)).toEqual([
      ...before.map((text) => ({ kind: "removed", text })),
      ...after.map((text) => ({ kind: "added", text })),
    ]);
  });

  it("keeps a reworded line's removal just before its addition", () => {
    expect(diffLines(["a", "b", "c"], ["a", "B", "c"])).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
    ]);
  });
});
