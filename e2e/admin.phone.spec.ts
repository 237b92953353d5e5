import { signInThroughEmail } from "./support/admin-sign-in";
import { sendContactMessage } from "./support/contact-message";
import { expect, expectNoAxeViolations, test } from "./support/test";

test("every console screen fits a phone and passes axe", async ({ page, request }) => {
  // Seven axe passes in one test: on a busy two-core machine they outlast the default timeout.
  test.slow();
  await sendContactMessage(request, { firstName: "Phone", lastName: "Reader" });
  await signInThroughEmail(page, "phone@console-e2e.test");
  for (const path of [
    "/admin",
    "/admin/people",
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
  await page.goto("/admin/people?q=phone.reader");
  await page.getByRole("link", { name: /Phone Reader/ }).click();
  await expect(page.getByTestId("person-email")).toHaveText("phone.reader@example.com");
  await expectNoAxeViolations(page);
});
