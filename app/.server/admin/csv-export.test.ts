import { describe, expect, it } from "vitest";
import { inBatches } from "../core/db/in-batches";
import { csvDownload, neutraliseFormula } from "./csv-export";

describe("CSV exports", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(["=SUM(A1)", "+1", "-2", "@cmd", "\tx", "plain", "a=b"].map(neutraliseFormula)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      "plain",
      "a=b",
    ]);
  });

  it("streams rows with RFC 4180 quoting and a header", async () => {
    async function* rows() {
      yield { name: 'Ada "the first"', note: "line one\nline two" };
      yield { name: '=HYPERLINK("x")', note: null };
    }
    const response = csvDownload("people.csv", ["name", "note"], rows());
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="people.csv"');
    expect(await response.text()).toBe(
      'name,note\n"Ada ""the first""","line one\nline two"\n"\'=HYPERLINK(""x"")",\n',
    );
  });

  it("writes the header of an empty export, and every row of a long one", async () => {
    async function* none() {}
    expect(await csvDownload("none.csv", ["name"], none()).text()).toBe("name\n");
    async function* many() {
      for (let index = 0; index < 2500; index++) yield { name: `n${index}` };
    }
    const lines = (await csvDownload("many.csv", ["name"], many()).text()).trim().split("\n");
    expect(lines).toHaveLength(2501);
    expect(lines.at(-1)).toBe("n2499");
  });

  it("walks every row in batches", async () => {
    const ids = Array.from({ length: 2500 }, (_, index) => ({
      id: String(index).padStart(5, "0"),
    }));
    const queries: number[] = [];
    const seen: string[] = [];
    for await (const row of inBatches(async (lastId, size) => {
      queries.push(size);
      return ids.filter((row) => !lastId || row.id > lastId).slice(0, size);
    })) {
      seen.push(row.id);
    }
    expect(seen).toEqual(ids.map((row) => row.id));
    expect(queries).toHaveLength(3);
  });
});
