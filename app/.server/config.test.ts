import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("gives the embedded defaults: SQLite file, mail to files, sales closed", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe("file:data/site.db");
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_DIR).toBe("data/mail");
    expect(config.SALES_OPEN).toBe(false);
    expect(config.SITE_URL).toBe("http://localhost:3000");
  });

  it("reads and normalises settings", () => {
    const config = parseConfig({
      PORT: "8080",
      SITE_URL: "https://example.com/",
      SALES_OPEN: "false",
      DATABASE_URL: "postgres://u@h/db",
    });
    expect(config.PORT).toBe(8080);
    expect(config.SITE_URL).toBe("https://example.com");
    expect(config.DATABASE_URL).toBe("postgres://u@h/db");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ SITE_URL: "not a url" }, "SITE_URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ OWNER_EMAIL: "nobody" }, "OWNER_EMAIL"],
    [{ SALES_OPEN: "maybe" }, "SALES_OPEN"],
    [{ SALES_OPEN: "true", STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_SECRET_KEY"],
    [{ SALES_OPEN: "true", STRIPE_SECRET_KEY: "sk_test_1" }, "STRIPE_WEBHOOK_SECRET"],
  ])("rejects %o with one line naming %s", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    try {
      parseConfig(env);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid setting ${name}: `));
      expect(message).not.toContain("\n");
    }
  });
});
