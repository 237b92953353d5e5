import type { Page } from "@playwright/test";
import { linkPath, waitForEmail } from "./captured-mail";
import { openSlotDay } from "./slot-picker";
import { expect } from "./test";

/**
 * A visitor books a free intro call on the public page and confirms it from the email: the
 * session the console then shows. Tests running side by side book on different days. Returns
 * the booker's address.
 */
export async function bookIntroCall(page: Page, name: string, dayIndex: number) {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
  await page.goto("/booking?tz=America/Denver");
  const day = await openSlotDay(page, dayIndex);
  await day.locator("input[name=start]").first().check();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Hold this time" }).click();
  await expect(page.getByTestId("booking-held")).toBeVisible();
  const confirmation = await waitForEmail(email, "Please confirm your intro call");
  await page.goto(linkPath(confirmation, "/booking/confirm"));
  await page.getByRole("button", { name: "Confirm my booking" }).click();
  await waitForEmail(email, "Booked: Intro call");
  return email;
}
