import { signInThroughEmail } from "./support/admin-sign-in";
import { sendContactMessage } from "./support/contact-message";
import { expect, expectNoAxeViolations, test } from "./support/test";

test("every console screen fits a phone and passes axe", async ({ page, request }) => {
  // Eight screens, an upload and axe on each: more than the default 30 s on a busy machine.
  test.slow();
  await sendContactMessage(request, { firstName: "Phone", lastName: "Reader" });
  await signInThroughEmail(page, "phone@console-e2e.test");
  for (const path of [
    "/admin",
    "/admin/people",
    "/admin/people/import",
    "/admin/inbox",
    "/admin/orders",
    "/admin/email",
    "/admin/security",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  }
  // The import preview, with a refused row to list.
  await page.goto("/admin/people/import");
  await page.getByLabel("CSV file").setInputFiles({
    name: "phone.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "email,first_name,status\nphone.import@example.com,Pat,subscribed\nnope,X,subscribed",
    ),
  });
  await page.getByRole("button", { name: "Preview the import" }).click();
  await expect(page.getByTestId("import-preview")).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByLabel("CSV file")).toBeVisible();
  await page.goto("/admin/people?q=phone.reader");
  await page.getByRole("link", { name: /Phone Reader/ }).click();
  await expect(page.getByTestId("person-email")).toHaveText("phone.reader@example.com");
  await expectNoAxeViolations(page);
});
