import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The decisions are a chain a reader follows both ways: a decision that supersedes or amends
// another is named back by it, and the index in docs/decisions/README.md lists every file.

const folder = path.resolve(import.meta.dirname, "../../docs/decisions");

type LinkKind = "Supersedes" | "Superseded by" | "Amends" | "Amended by";
const answerTo: Record<LinkKind, LinkKind> = {
  Supersedes: "Superseded by",
  "Superseded by": "Supersedes",
  Amends: "Amended by",
  "Amended by": "Amends",
};
const linkLine = /^(Supersedes|Superseded by|Amends|Amended by):(.*)$/;

const decisionFiles = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith("000-"))
  .sort();

function numberOf(file: string): string {
  return file.slice(0, 3);
}

/** The numbers a link names: "113 (in part: …), 291" and ranges such as "104–108". */
function namedNumbers(text: string): string[] {
  const withoutAsides = text.replace(/\([^)]*\)/g, " ");
  const numbers: string[] = [];
  for (const [, from, to] of withoutAsides.matchAll(/\b(\d{3})(?:\s*[–-]\s*(\d{3}))?\b/g)) {
    const last = to === undefined ? Number(from) : Number(to);
    for (let n = Number(from); n <= last; n++) numbers.push(String(n).padStart(3, "0"));
  }
  return numbers;
}

/** A decision's head: the lines from its status to the first blank line. */
function headOf(file: string): string[] {
  const lines = readFileSync(path.join(folder, file), "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith("Status:"));
  const end = lines.findIndex((line, at) => at > start && line.trim() === "");
  return lines.slice(start, end);
}

/** A decision's link lines, read from its head; a link may wrap onto the next line. */
function linksOf(file: string): Map<LinkKind, string[]> {
  const texts = new Map<LinkKind, string>();
  let current: LinkKind | null = null;
  for (const line of headOf(file)) {
    const match = linkLine.exec(line.trim());
    if (match) {
      current = match[1] as LinkKind;
      texts.set(current, `${texts.get(current) ?? ""} ${match[2]}`);
    } else if (current && line.trim() !== "" && !/^[A-Z][a-z]+:/.test(line.trim())) {
      texts.set(current, `${texts.get(current)} ${line}`);
    } else {
      current = null;
    }
  }
  return new Map([...texts].map(([kind, text]) => [kind, namedNumbers(text)]));
}

const links = new Map(decisionFiles.map((file) => [numberOf(file), linksOf(file)]));

describe("decision links", () => {
  it("name only decisions that exist", () => {
    const dangling = [...links].flatMap(([number, kinds]) =>
      [...kinds].flatMap(([kind, targets]) =>
        targets
          .filter((target) => !links.has(target))
          .map((target) => `${number} ${kind}: ${target}`),
      ),
    );
    expect(dangling).toEqual([]);
  });

  it("are answered from the other side", () => {
    const oneWay = [...links].flatMap(([number, kinds]) =>
      [...kinds].flatMap(([kind, targets]) =>
        targets
          .filter((target) => links.has(target))
          .filter((target) => !links.get(target)?.get(answerTo[kind])?.includes(number))
          .map(
            (target) =>
              `${number} ${kind}: ${target}, but ${target} has no ${answerTo[kind]}: ${number}`,
          ),
      ),
    );
    expect(oneWay).toEqual([]);
  });
});

describe("decision statuses", () => {
  it("say superseded exactly when a later decision supersedes them", () => {
    const wrong = decisionFiles.filter((file) => {
      const head = headOf(file);
      const nextKey = head.findIndex((line, at) => at > 0 && /^[A-Z][a-z ]+:/.test(line));
      const status = head.slice(0, nextKey === -1 ? undefined : nextKey).join(" ");
      const superseded = (links.get(numberOf(file))?.get("Superseded by") ?? []).length > 0;
      return /superseded/i.test(status) !== superseded;
    });
    expect(wrong).toEqual([]);
  });
});

describe("the decisions index", () => {
  const index = readFileSync(path.join(folder, "README.md"), "utf8");
  const rows = [...index.matchAll(/^\|\s*\[(\d{3})\]\((\d{3}-[^)]+\.md)\)(.*)$/gm)].map(
    ([row, number = "", file = "", rest = ""]) => ({ row, number, file, rest }),
  );

  it("lists every decision file once", () => {
    const listed = rows.map(({ file }) => file).sort();
    expect(listed).toEqual(decisionFiles);
  });

  it("shows each row's number as its file's", () => {
    const mismatched = rows
      .filter(({ number, file }) => numberOf(file) !== number)
      .map(({ row }) => row);
    expect(mismatched).toEqual([]);
  });

  it("gives each decision the status and the superseding decisions its file gives", () => {
    const stale = rows.flatMap(({ number, file, rest }) => {
      const [, , status = "", supersededBy = ""] = rest.split("|").map((cell) => cell.trim());
      const listed = [...supersededBy.matchAll(/\[(\d{3})\]/g)].map(([, n]) => n).sort();
      const named = [...(links.get(numberOf(file))?.get("Superseded by") ?? [])].sort();
      const problems = [];
      if (listed.join() !== named.join())
        problems.push(`${number} superseded by ${named.join(", ") || "none"}`);
      if (/superseded/.test(status) !== named.length > 0)
        problems.push(`${number} status "${status}"`);
      return problems;
    });
    expect(stale).toEqual([]);
  });
});
