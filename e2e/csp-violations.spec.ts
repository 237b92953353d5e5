import { expect, gotoHydrated, test } from "./support/test";

/**
 * The pages whose hydrated scripts build zod schemas (issue 14): zod's `Function('')` probe, run
 * when a schema is built, is refused by the CSP and reported even though zod catches it.
 */
const formPages = ["/contact", "/signup", "/buy-now"];

for (const pathname of formPages) {
  test(`${pathname} hydrates without a CSP violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    await gotoHydrated(page, pathname);
    if (pathname === "/contact") {
      // An empty submit runs the form's client-side validation too.
      await page.getByRole("button", { name: "Send Message" }).last().click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    }
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
  });
}
