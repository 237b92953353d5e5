import type { APIRequestContext } from "@playwright/test";
import { expect } from "./test";

/** A contact message as a visitor's browser sends it: a form token first, then the message. */
export async function sendContactMessage(
  request: APIRequestContext,
  {
    firstName = "Grace",
    lastName,
    message,
  }: { firstName?: string; lastName: string; message?: string },
) {
  const { token } = (await (await request.get("/functions/v1/form-token")).json()) as {
    token: string;
  };
  const response = await request.post("/functions/v1/send-contact-email", {
    data: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase() === "grace" ? "" : `${firstName.toLowerCase()}.`}${lastName.toLowerCase()}@example.com`,
      company: "",
      interest: "Corporate Training",
      message: message ?? `A workshop for the ${lastName} team, please.`,
      formToken: token,
    },
  });
  expect(response.ok()).toBe(true);
}
