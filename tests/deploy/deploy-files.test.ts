import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "dotenv";
import { afterAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/core/config";

const unitFile = "deploy/systemd/presence-selling@.service";
const settingsExample = "deploy/presence-selling.env.example";
const scratch = mkdtempSync(path.join(tmpdir(), "deploy-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The variables a shell sees after `set -a; . file` (how the build and the backups read it). */
function sourcedByShell(file: string) {
  const result = spawnSync(
    "env",
    [
      "-i",
      "sh",
      "-c",
      'set -a && . "$1" && set +a && exec "$2" -e "process.stdout.write(JSON.stringify(process.env))"',
      "sh",
      file,
      process.execPath,
    ],
    { encoding: "utf8" },
  );
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as Record<string, string>;
}

/** The unit's own Environment= assignments for one instance (%i is the port). */
function unitEnvironment(port: string) {
  const assignments = readFileSync(unitFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("Environment="))
    .flatMap((line) => line.slice("Environment=".length).split(" "))
    .map((assignment) => assignment.replace("%i", port).split("="));
  return Object.fromEntries(assignments) as Record<string, string>;
}

describe("the deployment settings file", () => {
  it("reads the same in sh (build, backups) and dotenv (the Docker image's .env)", () => {
    const byShell = sourcedByShell(settingsExample);
    const byDotenv = parse(readFileSync(settingsExample));
    for (const [name, value] of Object.entries(byDotenv)) expect(byShell[name]).toBe(value);
    expect(byDotenv.MAIL_FROM).toBe("Presence Selling <no-reply@your.domain>");
  });

  it("refuses to start until its secrets are filled in, and starts once they are", () => {
    const settings = { ...unitEnvironment("3000"), ...parse(readFileSync(settingsExample)) };
    expect(() => parseConfig(settings)).toThrow(/^Invalid setting DOWNLOAD_LINK_SECRET/);

    const secret = "0123456789abcdef".repeat(4);
    const config = parseConfig({
      ...settings,
      DOWNLOAD_LINK_SECRET: secret,
      NEWSLETTER_LINK_SECRET: [...secret].reverse().join(""),
    });
    expect(config).toMatchObject({
      deployment: true,
      HOST: "127.0.0.1",
      PORT: 3000,
      SITE_URL: "https://your.domain",
      TRUST_PROXY: ["loopback"],
    });
  });
});

/** Node's flags for the server (decision 332): a small young generation keeps idle memory down. */
const serverNodeFlags = "--max-semi-space-size=2";

describe("the server's start", () => {
  it("runs Node with the same flags from npm start, the Docker image and the systemd unit", () => {
    const scripts = (
      JSON.parse(readFileSync("package.json", "utf8")) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(scripts.start).toBe(`exec node ${serverNodeFlags} build/server.js`);
    expect(readFileSync("deploy/Dockerfile", "utf8")).toContain(
      `CMD ["node", "${serverNodeFlags}", "build/server.js"]`,
    );
    expect(readFileSync(unitFile, "utf8")).toContain(
      `ExecStart=/usr/bin/node ${serverNodeFlags} build/server.js`,
    );
  });
});

describe("the systemd unit", () => {
  it("passes systemd's verification as an instance", () => {
    // The unit names Debian's /usr/bin/node; verify checks the binary, so use this Node's path.
    const unit = readFileSync(unitFile, "utf8").replace(
      "ExecStart=/usr/bin/node ",
      `ExecStart=${process.execPath} `,
    );
    expect(unit).toContain(`ExecStart=${process.execPath} ${serverNodeFlags} build/server.js`);
    const instance = path.join(scratch, "presence-selling@3000.service");
    writeFileSync(instance, unit);
    const result = spawnSync("systemd-analyze", ["verify", instance], { encoding: "utf8" });
    expect(result.error).toBeUndefined();
    expect(result.stderr + result.stdout).toBe("");
    expect(result.status).toBe(0);
  });
});
