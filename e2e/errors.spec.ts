import { expect, expectNoAxeViolations, gotoHydrated, hydrate, test } from "./support/test";

test.describe("404 and error screens", () => {
  test("an unknown path answers 404 with the spec's page and logs the path", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/non-existent route/);
    allowConsoleErrors(/status of 404/);
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Oops! Page not found/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect.poll(() => logged.join("\n")).toContain("/no/such/page");
    await expectNoAxeViolations(page);

    await hydrate(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a route failure shows 'Unexpected Application Error!' with its status", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/405|Method Not Allowed/);
    await gotoHydrated(page, "/");
    // A form posting to a page that takes no submissions makes the route fail with 405.
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/";
      document.body.append(form);
      form.submit();
    });
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByTestId("error-detail")).toHaveText("405 Method Not Allowed");
  });

  test("a malformed address gets a clean 400", async ({ request }) => {
    const response = await request.get("/%E0%A4%A");
    expect(response.status()).toBe(400);
  });
});
