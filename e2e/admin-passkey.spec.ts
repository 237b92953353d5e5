import { signInThroughEmail } from "./support/admin-sign-in";
import { queryDatabase } from "./support/console-database";
import { expect, expectNoAxeViolations, hydrate, test } from "./support/test";

test("registers a passkey once signed in, then signs in with it", async ({ page, baseURL }) => {
  // WebAuthn refuses an IP address as relying party: this flow runs on localhost.
  const origin = baseURL!.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signInThroughEmail(page, "passkey@console-e2e.test", origin);
  await page
    .getByRole("navigation", { name: "Console" })
    .getByRole("link", { name: "Security" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  await hydrate(page);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText(/Passkey added/);
  await expect(page.getByTestId("passkeys").getByRole("listitem")).toHaveCount(1);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the console");
  await hydrate(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("admin-email")).toHaveText("passkey@console-e2e.test");

  const signIns = (await queryDatabase(
    "SELECT detail FROM admin_audit_log WHERE actor_email = ? AND action = 'session.sign-in' ORDER BY created_at",
    ["passkey@console-e2e.test"],
  )) as { detail: string }[];
  expect(signIns.map((row) => JSON.parse(row.detail) as unknown)).toEqual([
    { method: "email-link" },
    { method: "passkey" },
  ]);
});
