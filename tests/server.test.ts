import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startBuiltServer, type BuiltServer } from "./support/built-server";

function ownDataFolder() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "server-test-"));
  return {
    DATABASE_URL: `file:${path.join(dataDir, "site.db")}`,
    MAIL_DIR: path.join(dataDir, "mail"),
  };
}

describe("the production server", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer(ownDataFolder());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves prerendered pages, health, and 404 for unknown paths", async () => {
    const home = await fetch(server.baseURL);
    expect(home.status).toBe(200);
    expect(home.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(await home.text()).toContain("The End of Persuasion, The Rise of Presence");
    expect(await (await fetch(`${server.baseURL}/healthz`)).json()).toEqual({ status: "ok" });
    const missing = await fetch(`${server.baseURL}/definitely-not-here`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Oops! Page not found");
  });

  it("stops cleanly on SIGTERM", async () => {
    const other = await startBuiltServer(ownDataFolder());
    const code = await other.stop();
    expect(code).toBe(0);
    expect(other.output()).toContain('"msg":"stopped"');
  });
});

describe("start-up configuration", () => {
  it("refuses an invalid setting with one line that names it", () => {
    const result = spawnSync(process.execPath, ["build/server.js"], {
      env: { ...process.env, NODE_ENV: "production", PORT: "0", OWNER_EMAIL: "not-an-address" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe("Invalid setting OWNER_EMAIL: must be an email address");
  });

  it("refuses to run a deployment on a development secret", () => {
    const result = spawnSync(process.execPath, ["build/server.js"], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: "0",
        SITE_URL: "https://presenceselling.example",
        SMTP_URL: "smtp://127.0.0.1:2525",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Invalid setting DOWNLOAD_LINK_SECRET: must be set to a secret of your own in production",
    );
  });
});
