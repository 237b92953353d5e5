import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../core/config";
import { isAdminEmail } from "./admin-sessions";

describe("who may sign in to the console", () => {
  it("is OWNER_EMAIL when ADMIN_EMAILS is empty", () => {
    const config = parseConfig({ OWNER_EMAIL: "Owner@Example.com" });
    expect(isAdminEmail(config, "owner@example.com")).toBe(true);
    expect(isAdminEmail(config, "someone@example.com")).toBe(false);
  });

  it("is the ADMIN_EMAILS list, in any case, once set", () => {
    const config = parseConfig({
      OWNER_EMAIL: "owner@example.com",
      ADMIN_EMAILS: " Ann@Example.com , bob@example.com",
    });
    expect(isAdminEmail(config, "ann@example.com")).toBe(true);
    expect(isAdminEmail(config, " BOB@example.com")).toBe(true);
    expect(isAdminEmail(config, "owner@example.com")).toBe(false);
  });

  it("refuses a list with something that is not an address", () => {
    expect(() => parseConfig({ ADMIN_EMAILS: "ann@example.com, not-an-address" })).toThrow(
      new ConfigError("Invalid setting ADMIN_EMAILS.1: must be an email address"),
    );
  });
});
