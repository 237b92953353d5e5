import path from "node:path";
import { afterEach, expect, vi } from "vitest";
import * as matchers from "@testing-library/jest-dom/matchers";

expect.extend(matchers);

// The mail engine renders only the emails the wiring registered (app-context does in the site):
// register every capability's, as the process does, for the tests that render or send them. The
// unit files beside the code (app/**) send none; importing every capability for each of them cost
// about 3 CPU-s a file (bench/results/2026-11-28-ci-cuts.md).
const testFile = path.relative(process.cwd(), expect.getState().testPath ?? "");
if (typeof document === "undefined" && !testFile.startsWith(`app${path.sep}`)) {
  const { registerSiteEmails } = await import("~/.server/server/wiring/site-emails");
  registerSiteEmails();
}

// A console.error during a test is a defect: fail the test that caused it.
let consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;
console.error = (...args: unknown[]) => {
  consoleErrors.push(args);
  originalConsoleError(...args);
};

afterEach(async () => {
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
  }
  vi.useRealTimers();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${errors.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});

/** For a test that expects console.error (the 404 page logs the path): take the calls so far. */
export function takeConsoleErrors() {
  const errors = consoleErrors;
  consoleErrors = [];
  return errors;
}
