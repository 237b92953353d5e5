import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Loaders run in parallel and a data request (`/admin/inbox.data`) may name one route alone, so the
// layout's check does not cover a child: every console module must check the session itself.
const routesDir = path.join(import.meta.dirname, "../app/routes");
const signInModules = new Set([
  "admin.sign-in.tsx",
  "admin.sign-in.verify.tsx",
  "admin.sign-in.passkey.ts",
]);
const consoleModules = readdirSync(routesDir).filter(
  (file) => file.startsWith("admin") && !signInModules.has(file) && !file.includes(".test."),
);

describe("console route modules", () => {
  it("are found", () => {
    expect(consoleModules).toEqual(
      expect.arrayContaining(["admin.tsx", "admin.inbox.tsx", "admin.passkeys.ts"]),
    );
  });

  it.each(consoleModules)("%s checks the session in its loader and its action", (file) => {
    const source = readFileSync(path.join(routesDir, file), "utf8");
    const loader = /export (async )?function loader\([^]*?\n}/.exec(source)?.[0];
    const action = /export (async )?function action\([^]*?\n}/.exec(source)?.[0];
    expect(loader || action, "a loader or an action").toBeTruthy();
    if (loader) expect(loader).toMatch(/await requireAdminPage\(request, context\)/);
    if (action) expect(action).toMatch(/await requireAdminAction\(request, context, /);
  });
});
