import type { Page } from "@playwright/test";
import { linkPath, waitForEmail } from "./captured-mail";
import { expect } from "./test";

const usedLinks = new Set<string>();

/**
 * Signs `page` in to the console as `email` through the link in the captured email; `origin`
 * (default: the configured base URL) is where, since the cookie belongs to that host.
 */
export async function signInThroughEmail(page: Page, email: string, origin = "") {
  await page.goto(`${origin}/admin/sign-in`);
  await page.getByLabel("Email").fill(email);
  // Only a link asked for now: a worker that starts afresh after a failed test knows no used
  // links, and took an earlier test's spent one. The Date header counts whole seconds.
  const askedAt = Math.floor(Date.now() / 1000) * 1000;
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByTestId("sign-in-sent")).toContainText("a link is on its way");
  const message = await waitForEmail(email, "Sign in to the", (candidate) => {
    const match = /\/admin\/sign-in\/verify\?token=[\w-]+/.exec(candidate.text ?? "");
    return (
      match !== null && !usedLinks.has(match[0]) && Date.parse(candidate.date ?? "") >= askedAt
    );
  });
  const path = linkPath(message, "/admin/sign-in/verify");
  usedLinks.add(path);
  await page.goto(`${origin}${path}`);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}
