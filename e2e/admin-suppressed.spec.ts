import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase, writeDatabase } from "./support/console-database";
import { expect, expectNoAxeViolations, keepScreenshot, test } from "./support/test";

for (const width of [390, 1280]) {
  test(`the suppressed addresses and a lift with a reason at ${width} px`, async ({
    page,
    allowConsoleErrors,
  }) => {
    test.slow();
    // The lift without a reason is answered 400, which the browser reports.
    allowConsoleErrors(/400/);
    const id = crypto.randomUUID();
    const email = `suppressed-${width}-${id.slice(0, 8)}@example.com`;
    const at = new Date().toISOString();
    await writeDatabase(
      `INSERT INTO people (id, email, email_key, source, first_seen_at, last_seen_at, bounced_at, bounce_reason)
       VALUES (?, ?, ?, '/signup', ?, ?, ?, ?)`,
      [id, email, email, at, at, at, "Hard bounce (postmark): 550 5.1.1 mailbox unknown"],
    );
    await page.setViewportSize({ width, height: 900 });
    await signInThroughEmail(page, `suppressed-${width}@console-e2e.test`);
    await page.goto("/admin/email");
    await page.getByRole("link", { name: "Suppressed addresses" }).click();
    await expect(page.getByRole("heading", { name: "Suppressed addresses" })).toBeVisible();
    const row = page.getByRole("listitem").filter({ hasText: email });
    await expect(row).toContainText("Hard bounce");
    await row.getByText("Lift", { exact: true }).click();
    await row.getByRole("button", { name: "Lift the suppression" }).click();
    await expect(row.getByText("Say why you lift it")).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, {
      path: test.info().outputPath(`suppressed-${width}.png`),
      fullPage: true,
    });
    await row.getByLabel("Why lift it?").fill("They wrote from a working mailbox");
    await row.getByRole("button", { name: "Lift the suppression" }).click();
    await expect(page.getByText("Lifted: they get the lists")).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    const audit = await queryDatabase(
      "SELECT detail FROM admin_audit_log WHERE action = 'deliverability.lift' AND subject = ?",
      [id],
    );
    expect(audit).toHaveLength(1);
    await page.goto(`/admin/people/${id}`);
    await expect(page.getByTestId("person-timeline")).toContainText(
      "Reason: They wrote from a working mailbox",
    );
  });
}
