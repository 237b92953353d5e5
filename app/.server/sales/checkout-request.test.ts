import { describe, expect, it } from "vitest";
import { parseCheckoutRequest } from "./checkout-request";

const site = "https://presence.example";
const base = {
  productId: "no-self-selling-book",
  format: "pdf",
  successUrl: `${site}/payment-success?sessionId={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${site}/buy-now`,
  email: "buyer@example.com",
};

describe("parseCheckoutRequest", () => {
  it("takes the items from formats, or the spec's single format, without duplicates", () => {
    const many = parseCheckoutRequest(
      { ...base, formats: ["pdf", "breakthrough-session", "pdf"] },
      site,
    );
    expect(many.ok && many.value.items).toEqual(["pdf", "breakthrough-session"]);
    const one = parseCheckoutRequest(base, site);
    expect(one.ok && one.value.items).toEqual(["pdf"]);
  });

  it("uses the caller's success URL, adding the session id when it lacks one", () => {
    const given = parseCheckoutRequest(base, site);
    expect(given.ok && given.value.successUrl).toBe(base.successUrl);
    const bare = parseCheckoutRequest({ ...base, successUrl: `${site}/payment-success` }, site);
    expect(bare.ok && bare.value.successUrl).toBe(
      `${site}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    );
  });

  it.each([
    [{ format: "hardcover" }, "Unknown item: hardcover"],
    [{ formats: ["breakthrough-session"], format: "pdf" }, "format must be one of formats."],
    [{ format: undefined }, "Please select at least one format to proceed."],
    [{ email: "a@b" }, "Please enter a valid email address."],
    [
      { successUrl: "https://presence.example.evil.test/x" },
      "successUrl must be on https://presence.example.",
    ],
    [{ successUrl: "/payment-success" }, "successUrl must be on https://presence.example."],
    [{ cancelUrl: "javascript:alert(1)" }, "cancelUrl must be on https://presence.example."],
    [{ successUrl: undefined }, "Invalid successUrl: successUrl is required."],
    [
      { firstName: "Ada\nVisit https://evil.example" },
      "Invalid firstName: First name must be a single line",
    ],
  ])("refuses %j", (change, error) => {
    expect(parseCheckoutRequest({ ...base, ...change }, site)).toEqual({ ok: false, error });
  });
});
