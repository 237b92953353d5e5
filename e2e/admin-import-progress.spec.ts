import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase } from "./support/console-database";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";
import type { Page } from "@playwright/test";

/** An export of `rows` new addresses with consent: large enough for the job to show its progress. */
function exportOf(prefix: string, rows: number) {
  const lines = ['"Email Address","First Name","Last Name",CONFIRM_TIME'];
  for (let index = 0; index < rows; index++) {
    lines.push(`${prefix}-${index}@example.com,First,Last,2024-03-05 10:22:11`);
  }
  return Buffer.from(lines.join("\n"));
}

/** The page as it is now at a phone's and a desktop's width, looked at and checked by axe. */
async function lookAt(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} scrolls sideways at ${width} px`,
    ).toBeLessThanOrEqual(0);
    await keepScreenshot(page, { path: test.info().outputPath(`import-${name}-${width}.png`) });
  }
  await expectNoAxeViolations(page);
}

async function upload(page: Page, name: string, file: Buffer) {
  await page.goto("/admin/people/import");
  await page.getByLabel("CSV file").setInputFiles({ name, mimeType: "text/csv", buffer: file });
  await page.getByRole("button", { name: "Preview the import" }).click();
}

const importedCount = async (prefix: string) =>
  Number(
    (
      await queryDatabase("select cast(count(*) as integer) as n from people where email like ?", [
        `${prefix}-%`,
      ])
    )[0]!.n,
  );

test("a large import shows its progress, survives a reload, and is cancelled or done", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = `${test.info().project.name}-${Date.now()}`;
  await signInThroughEmail(page, "import-progress@console-e2e.test");

  // Checked in the background: the page says how far, and updates itself.
  const cancelled = `cancel-${stamp}`;
  await upload(page, "large.csv", exportOf(cancelled, 40_000));
  const progress = page.getByTestId("import-progress");
  // The 2.4 MB upload alone passed expect's 7 s at load 25 (the page still showed the form).
  await expect(progress).toHaveAttribute("data-state", "previewing", { timeout: 60_000 });
  await expect(progress.getByRole("progressbar")).toBeVisible();
  await lookAt(page, "checking");
  await expect(page.getByTestId("import-preview")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("count-newPeople")).toHaveText("40000");
  await lookAt(page, "preview");

  // Imported batch by batch: the rows done so far, still there after a reload.
  await page.getByRole("button", { name: "Import 40000 rows" }).click();
  await expect(progress).toHaveAttribute("data-state", "importing");
  await expect
    .poll(
      async () =>
        Number((await page.getByTestId("import-rows-done").textContent())?.replace(/\D/g, "")),
      {
        timeout: 60_000,
      },
    )
    .toBeGreaterThan(0);
  await page.reload();
  await expect(progress).toHaveAttribute("data-state", /importing|cancelling/);
  await lookAt(page, "importing");
  await page.getByRole("button", { name: "Cancel the import" }).click();
  const ended = page.getByTestId("import-ended");
  await expect(ended).toHaveAttribute("data-state", "cancelled", { timeout: 120_000 });
  await expect(page.getByTestId("import-result")).toContainText("as they were before it");
  expect(await importedCount(cancelled)).toBe(0);
  await lookAt(page, "cancelled");

  // Another file, imported to the end.
  const done = `done-${stamp}`;
  await upload(page, "done.csv", exportOf(done, 6_000));
  await page.getByRole("button", { name: "Import 6000 rows" }).click({ timeout: 120_000 });
  await expect(ended).toHaveAttribute("data-state", "done", { timeout: 120_000 });
  await expect(page.getByTestId("import-result")).toContainText("Imported: 6,000 new people");
  expect(await importedCount(done)).toBe(6_000);
  await lookAt(page, "done");
});
