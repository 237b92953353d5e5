import { pageRoutes } from "../app/route-table";
import { expect, hydrate, test } from "./support/test";

// Every kind of page: prerendered (scripts allowed by build-time hash), server-rendered (by a
// per-response nonce), the 404 page (its inline log) and the console's sign-in (hydrated at once).
const paths = [
  ...pageRoutes.filter((page) => !page.path.includes(":")).map((page) => page.path),
  "/articles/why-sales-training-fails",
  "/no-such-page",
  "/admin/sign-in",
];

function scriptSources(policy: string) {
  const directive = policy.split(";").find((part) => part.trim().startsWith("script-src"));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

for (const path of paths) {
  test(`${path} runs its scripts under a policy without 'unsafe-inline'`, async ({
    page,
    allowConsoleErrors,
  }) => {
    if (path === "/no-such-page") {
      allowConsoleErrors(/404 Error: User attempted to access non-existent route/);
      allowConsoleErrors(/Failed to load resource: .* 404/);
    }
    // Refused scripts also log to the console, which the fixture fails on; the event names them.
    await page.addInitScript(() => {
      addEventListener("securitypolicyviolation", (event) =>
        console.error(`CSP refused ${event.effectiveDirective}: ${event.sample}`),
      );
    });
    const response = await page.goto(path);
    const sources = scriptSources((await response!.allHeaders())["content-security-policy"] ?? "");
    expect(sources).toContain("'self'");
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.length, "the page's inline scripts are named by hash or nonce").toBeGreaterThan(
      1,
    );
    await hydrate(page);
    if (path === "/about") {
      // The island opens a native dialog and writes its frame at run time: nothing it does may be
      // refused by the policy (decisions 077 and 080); a refusal fails the console fixture.
      await page.getByRole("button", { name: "Watch NASDAQ Closing" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expect(page.getByRole("dialog").locator("iframe")).toBeAttached();
    }
    if (path === "/contact") {
      // An empty submit: the action's field errors show in the form (zod runs on the server only,
      // issue 22); the browser logs the 400 they come with.
      allowConsoleErrors(/Failed to load resource: .* 400/);
      await page.getByRole("button", { name: "Send Message" }).last().click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    }
  });
}
