import { defineConfig, devices } from "@playwright/test";
import {
  broadcastsServer,
  contentServer,
  e2ePostgresServer,
  e2eServer,
  ownerRecordsServer,
} from "./e2e/support/server-settings";

// Screenshots (keepScreenshot in e2e/support/test.ts) are for people to look at, so they are on by
// default; CI turns them off: nobody opens them there, and a full-page one costs ~0.7 CPU-s in
// Chromium, some 200 a run (bench/results/2026-11-28-ci-cuts.md). E2E_SCREENSHOTS=on keeps them.
process.env.E2E_SCREENSHOTS ??= process.env.CI ? "off" : "on";

/**
 * The console walk, which also runs against a server on PostgreSQL: the other console specs check
 * layout and flows whose queries the service suites run on both databases (decision 334).
 */
const consoleSpecs = /admin\.spec\.ts/;
const broadcastSpecs = /broadcasts\.spec\.ts/;
/** The console's articles change the lists and the sitemap the other specs count. */
const contentSpecs = /content-(console|two-tabs|paste)\.spec\.ts/;
/** The owner's new events and the long records seeded for layout show on /contact and in counts. */
const ownerRecordSpecs = /admin-(workshops|pages-layout)\.spec\.ts/;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Two: at four (decision 301) the load on this 2-core machine reached 22 in a clean-clone CI
  // and the long console walks timed out (broadcasts, content, passkey); at two they passed.
  // PLAYWRIGHT_WORKERS sets another count for a larger machine.
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: e2eServer.baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Projects with the longest tests first, so the run does not end on one of them alone. The
    // next three write what the others read, or read what the others write: each talks to a
    // server of its own, so all run beside the rest, with no dependency to wait on (decision 301).
    {
      // An event the owner adds is upcoming on /contact, which the desktop specs read as seeded.
      name: "owner-records",
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: ownerRecordsServer.baseURL,
      },
      testMatch: ownerRecordSpecs,
    },
    {
      // A broadcast goes to everyone on a list, which the other specs add people to.
      name: "broadcasts",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: broadcastsServer.baseURL },
      testMatch: broadcastSpecs,
    },
    {
      // Articles written in the console join the lists and the sitemap the others count.
      name: "content",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: contentServer.baseURL },
      testMatch: contentSpecs,
    },
    {
      name: "console-postgres",
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        baseURL: e2ePostgresServer.baseURL,
      },
      testMatch: consoleSpecs,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/.*\.phone\.spec\.ts/, broadcastSpecs, contentSpecs, ownerRecordSpecs],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], channel: undefined },
      // Phone-only checks live in files named *.phone.spec.ts; everything else runs on desktop.
      testMatch: /.*\.phone\.spec\.ts/,
    },
  ],
  // The servers start side by side (webServer entries start one after the other).
  globalSetup: "./e2e/support/start-servers.ts",
});
