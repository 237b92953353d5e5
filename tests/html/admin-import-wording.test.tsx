// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ImportPage from "~/routes/admin.people.import";
import { renderConsolePage } from "../../support/console-page";

const counts = {
  rows: 2,
  newPeople: 0,
  merged: 0,
  unchanged: 0,
  changes: { status: 0, name: 0, interests: 0, firstSeen: 0, suppressed: 0 },
  confirmed: 0,
  erased: 0,
  withoutConsent: 0,
  keptUnsubscribed: 0,
  refused: 0,
};

/** The import page of the console showing `status`, as its loader hands it over. */
async function renderImport(status: object) {
  renderConsolePage({
    path: "people/import",
    url: "/admin/people/import?id=i1",
    data: { status, maxMegabytes: 64, listedRows: 20 },
    Page: ImportPage,
  });
  await screen.findByRole("heading", { name: "Import people" });
}

describe("the import's wording", () => {
  it("reports a row that left its person as they were as left alone, not as merged", async () => {
    await renderImport({
      id: "i1",
      fileName: "people.csv",
      state: "done",
      rowsTotal: 1,
      rowsDone: 1,
      result: { ...counts, rows: 1, merged: 1, unchanged: 1 },
    });
    const result = screen.getByTestId("import-result").textContent;
    expect(result).toContain("0 rows merged into people already here");
    expect(result).toContain("1 rows left alone");
    expect(result).not.toContain("merged (1 unchanged)");
  });

  it("says a file whose rows are all erased addresses imports none, not that it records no status", async () => {
    await renderImport({
      id: "i1",
      fileName: "erased.csv",
      state: "preview",
      rowsTotal: 2,
      rowsDone: 0,
      preview: {
        id: "i1",
        fileName: "erased.csv",
        mapping: { email: { column: 0, header: "email" } },
        separator: ",",
        counts: { ...counts, erased: 2 },
        statuses: [],
        duplicates: [],
        duplicateCount: 0,
        refused: [],
        erased: [
          { line: 2, email: "gone@example.com", erasedAt: "2026-11-01T00:00:00.000Z" },
          { line: 3, email: "left@example.com", erasedAt: "2026-11-02T00:00:00.000Z" },
        ],
        unknownTags: [],
      },
    });
    const preview = screen.getByTestId("import-preview").textContent;
    expect(preview).toContain("Every row of the file is an erased address");
    expect(preview).not.toContain("The file records no status");
  });
});
