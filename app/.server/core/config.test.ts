import { describe, expect, it } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import { ConfigError, dkimSigning, parseConfig } from "./config";

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
    [{ SMTP_TIMEOUT_MS: "60000", OUTBOX_LEASE_MS: "60000" }, "SMTP_TIMEOUT_MS"],
    [{ HSTS_PRELOAD: "true", SITE_URL: "http://example.com" }, "HSTS_PRELOAD"],
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

describe("DKIM settings", () => {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const dkim = {
    MAIL_FROM: "Presence Selling <no-reply@mail.presenceselling.com>",
    DKIM_DOMAIN: "presenceselling.com",
    DKIM_SELECTOR: "mail2026",
  };

  it("are off by default and signing options once all three are set", () => {
    expect(dkimSigning(parseConfig({}))).toBeUndefined();
    // A key kept on one line of an env file, its line breaks written as \n.
    const config = parseConfig({ ...dkim, DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n") });
    expect(dkimSigning(config)).toEqual({
      domainName: "presenceselling.com",
      keySelector: "mail2026",
      privateKey: pem,
    });
  });

  it.each([
    [{ DKIM_DOMAIN: "presenceselling.com" }, "DKIM_SELECTOR", "is required"],
    [{ ...dkim, DKIM_PRIVATE_KEY: "not a key" }, "DKIM_PRIVATE_KEY", "PEM"],
    [{ ...dkim, DKIM_PRIVATE_KEY: pem, DKIM_DOMAIN: "other.example" }, "DKIM_DOMAIN", "MAIL_FROM"],
  ])("refuses %o naming %s", (env, name, words) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid setting ${name}: .*${words}`));
  });
});

describe("a production deployment", () => {
  const secrets = {
    DOWNLOAD_LINK_SECRET: "a-download-link-secret-of-32-bytes!",
    NEWSLETTER_LINK_SECRET: "a-newsletter-link-secret-of-32-bytes",
  };
  const deployed = {
    NODE_ENV: "production",
    SITE_URL: "https://presenceselling.example",
    SMTP_URL: "smtps://user:pass@mail.example:465",
    ...secrets,
  };

  it("starts with no settings as a local preview on loopback", () => {
    const config = parseConfig({ NODE_ENV: "production" });
    expect(config.deployment).toBe(false);
    expect(config.HOST).toBe("127.0.0.1");
  });

  it("listens on every interface once SITE_URL makes it a deployment", () => {
    const config = parseConfig(deployed);
    expect(config.deployment).toBe(true);
    expect(config.HOST).toBe("0.0.0.0");
  });

  it.each([
    [
      { HOST: "0.0.0.0" },
      "SITE_URL: is required when a production server listens beyond localhost",
    ],
    [{ ...deployed, SITE_URL: "http://presenceselling.example" }, "SITE_URL: must be https://"],
    [
      { ...deployed, DOWNLOAD_LINK_SECRET: undefined },
      "DOWNLOAD_LINK_SECRET: must be set to a secret of your own",
    ],
    [
      { ...deployed, NEWSLETTER_LINK_SECRET: "only-twenty-bytes-long" },
      "NEWSLETTER_LINK_SECRET: must be at least 32 bytes",
    ],
    [{ ...deployed, SMTP_URL: undefined }, "SMTP_URL: is required in production"],
  ])("refuses %o", (env, problem) => {
    expect(() => parseConfig({ NODE_ENV: "production", ...env })).toThrow(
      `Invalid setting ${problem}`,
    );
  });

  it("allows plain http with ALLOW_HTTP_SITE_URL, and files for mail with an explicit MAIL_DIR", () => {
    const config = parseConfig({
      ...deployed,
      SITE_URL: "http://10.0.0.5:3000",
      ALLOW_HTTP_SITE_URL: "true",
      SMTP_URL: undefined,
      MAIL_DIR: "/var/lib/site/mail",
    });
    expect(config.SITE_URL).toBe("http://10.0.0.5:3000");
    expect(config.MAIL_DIR).toBe("/var/lib/site/mail");
  });

  it("trusts no proxy unless told, then a hop count or addresses", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
    ]);
  });
});
