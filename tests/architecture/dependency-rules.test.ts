import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Each rule of .dependency-cruiser.cjs is shown to fail: a file that breaks it is planted in the
// tree for the length of this file, and dependency-cruiser, run as `npm run lint:deps` runs it,
// must name the rule for that file. One run over all the planted files keeps it to seconds.

const run = promisify(execFile);
const tag = `planted-breach-${process.pid}`;

/** A capability folder that no list names: the rules must find it by its index.ts. */
const newCapability = `app/.server/${tag}-capability`;

type Plant = {
  /** The rule that must fire for this file (none: a control that breaks nothing). */
  rule: string | null;
  file: string;
  source: string;
  why: string;
};

const plants: Plant[] = [
  {
    rule: "app-never-imports-tests-or-support",
    file: `app/lib/${tag}.ts`,
    source: `export { ManualClock } from "../../support/manual-clock";\n`,
    why: "shipped code uses a test helper",
  },
  {
    rule: "app-never-imports-tests-or-support",
    file: `app/.server/core/${tag}-e2e.ts`,
    source: `export * from "../../../e2e/support/json-ld";\n`,
    why: "shipped code uses the browser suites' helpers",
  },
  {
    rule: "routes-do-not-import-routes",
    file: `app/routes/${tag}.tsx`,
    source: `export { default } from "./home";\n`,
    why: "one page loads another's module",
  },
  {
    rule: "e2e-does-not-import-tests",
    file: `e2e/${tag}.ts`,
    source: `export { contactLead } from "../tests/resilience/contact-leads";\n`,
    why: "a browser suite takes a helper from the Vitest suites",
  },
  {
    rule: "mail-uses-only-core",
    file: `app/.server/mail/templates/${tag}.ts`,
    source: `export { bookingEmailTemplates } from "../../booking";\n`,
    why: "the mail engine's templates name a capability's emails",
  },
  {
    rule: "mail-uses-only-core",
    file: `app/.server/mail/${tag}.ts`,
    source: `export { markBounced } from "../audience";\n`,
    why: "the engine marks a bounce itself instead of through the hooks",
  },
  {
    rule: "capabilities-keep-their-floors",
    file: `app/.server/audience/${tag}.ts`,
    source: `export { openSlots } from "../booking";\n`,
    why: "audience reaches up to booking, which stands on audience (a folder circle)",
  },
  {
    rule: "capabilities-keep-their-floors",
    file: `app/.server/booking/${tag}.ts`,
    source: `export { leadsEmailTemplates } from "../leads";\n`,
    why: "a capability uses one on its own floor",
  },
  {
    rule: "capabilities-meet-through-their-public-face",
    file: `app/.server/sales/${tag}.ts`,
    source: `export { rememberPerson } from "../audience/people/people";\n`,
    why: "a capability reaches past another's index.ts",
  },
  {
    rule: "the-top-uses-capabilities-through-their-face",
    file: `app/routes/${tag}-face.tsx`,
    source: `export { requireAdminPage } from "../.server/admin/admin-request";\n`,
    why: "a route reaches past a capability's index.ts",
  },
  {
    rule: null,
    file: `${newCapability}/index.ts`,
    source: `export { planted } from "./inner";\n`,
    why: "control: a new capability's public face",
  },
  {
    rule: null,
    file: `${newCapability}/inner.ts`,
    source: `export const planted = 1;\n`,
    why: "control: a new capability's inner file",
  },
  {
    rule: "the-top-uses-capabilities-through-their-face",
    file: `app/routes/${tag}-new-face.tsx`,
    source: `export { planted } from "../.server/${tag}-capability/inner";\n`,
    why: "a route reaches into a capability no list names (the list is read from the folders)",
  },
  {
    rule: "capabilities-meet-through-their-public-face",
    file: `${newCapability}/reach.ts`,
    source: `export { rememberPerson } from "../audience/people/people";\n`,
    why: "a new capability reaches past another's index.ts",
  },
  {
    rule: "capability-emails-only-draw",
    file: `app/.server/sales/emails/${tag}.ts`,
    source: `export { rememberPerson } from "../../audience";\n`,
    why: "an email template reaches into another capability",
  },
  {
    rule: "capabilities-use-the-mail-engine-through-its-face",
    file: `app/.server/leads/${tag}.ts`,
    source: `export { startOutboxWorker } from "../mail/outbox-worker";\n`,
    why: "a capability starts the worker, which is wiring",
  },
  {
    rule: "core-stands-alone",
    file: `app/.server/core/${tag}.ts`,
    source: `export { enqueueEmail } from "../mail";\n`,
    why: "core uses the mail engine",
  },
  {
    rule: "only-the-top-uses-the-wiring",
    file: `app/.server/admin/${tag}.ts`,
    source: `export { maxJsonBodyBytes } from "../http/request-body";\n`,
    why: "a capability uses the routes' HTTP helpers",
  },
  {
    rule: "content-uses-only-core",
    file: `app/.server/content/${tag}-sales.ts`,
    source: `export { parseOrderItems } from "../sales";\n`,
    why: "the content reader uses a capability",
  },
  {
    rule: "server-code-never-uses-pages",
    file: `app/.server/content/${tag}.ts`,
    source: `export { default } from "../../routes/home";\n`,
    why: "server code renders a page",
  },
  {
    rule: "no-circular",
    file: `app/lib/${tag}-circle.ts`,
    source: `export { circle } from "./${tag}-circle-back";\nexport const start = 1;\n`,
    why: "two modules import each other",
  },
  {
    rule: "no-circular",
    file: `app/lib/${tag}-circle-back.ts`,
    source: `import { start } from "./${tag}-circle";\nexport const circle = start;\n`,
    why: "two modules import each other",
  },
  {
    rule: "benches-and-tests-share-support-not-each-other",
    file: `bench/${tag}.ts`,
    source: `export { contactLead } from "../tests/resilience/contact-leads";\n`,
    why: "a bench takes a test's helper",
  },
  {
    rule: "tests-do-not-import-benches",
    file: `tests/architecture/${tag}.ts`,
    source: `export { cpuMsOf } from "../../bench/process-stats";\n`,
    why: "a test takes a bench's helper",
  },
  // core/db/schema.ts's two rules, aimed at a planted stand-in for it (see the config below).
  {
    rule: "schema-composes-only-table-types",
    file: `app/.server/core/db/${tag}-schema.ts`,
    source: `import { bookingEmailTemplates } from "../../booking/index";\nexport const all = bookingEmailTemplates;\n`,
    why: "the schema imports a capability's code, not a type",
  },
  {
    rule: "schema-imports-only-tables-files",
    file: `app/.server/core/db/${tag}-schema-types.ts`,
    source: `import type { BookingPageData } from "../../booking";\nexport type Page = BookingPageData;\n`,
    why: "the schema imports a type that is not a table's",
  },
  {
    rule: null,
    file: `app/.server/core/db/${tag}-schema-tables.ts`,
    source: `import type { BookingTables } from "../../booking/booking-tables";\nexport type Tables = BookingTables;\n`,
    why: "control: a table type, imported type-only, breaks nothing",
  },
];

/** The real rules, with schema.ts's aimed at the planted stand-ins, following one step only. */
const configFile = `tests/architecture/${tag}.config.cjs`;
const config = `const real = require("../../.dependency-cruiser.cjs");
const stand = "^app/\\\\.server/core/db/${tag}-schema";
module.exports = {
  ...real,
  forbidden: real.forbidden.map((rule) =>
    rule.name.startsWith("schema-")
      ? { ...rule, from: { ...rule.from, path: stand } }
      : rule.name === "core-stands-alone"
        ? { ...rule, from: { ...rule.from, pathNot: [rule.from.pathNot, stand] } }
        : rule,
  ),
  options: { ...real.options, maxDepth: 2 },
};
`;

type Violation = { from: string; to: string; rule: { name: string } };
let violations: Violation[] = [];

beforeAll(async () => {
  try {
    for (const plant of plants) {
      mkdirSync(path.dirname(plant.file), { recursive: true });
      writeFileSync(plant.file, plant.source);
    }
    writeFileSync(configFile, config);
    const cruise = await run(
      "npx",
      ["depcruise", ...plants.map((plant) => plant.file), "--config", configFile, "-T", "json"],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    violations = (JSON.parse(cruise.stdout) as { summary: { violations: Violation[] } }).summary
      .violations;
  } finally {
    for (const plant of plants) rmSync(plant.file, { force: true });
    rmSync(newCapability, { recursive: true, force: true });
    rmSync(configFile, { force: true });
  }
}, 60_000);

afterAll(() => {
  for (const plant of plants) rmSync(plant.file, { force: true });
  rmSync(newCapability, { recursive: true, force: true });
});

describe.each(plants.filter((plant) => plant.rule))("$rule", (plant) => {
  it(`fails when ${plant.why} (${path.basename(plant.file)})`, () => {
    // A circle is reported once, from whichever of its files the cruise met first.
    const fired = violations.filter((violation) =>
      plant.rule === "no-circular"
        ? violation.from.includes(`${tag}-circle`)
        : violation.from === plant.file,
    );
    expect(fired.map((violation) => violation.rule.name)).toContain(plant.rule);
  });
});

it("passes a table's type imported type-only into the schema", () => {
  const control = plants.find((plant) => plant.rule === null)!;
  expect(violations.filter((violation) => violation.from === control.file)).toEqual([]);
});

it("plants a breach of every rule in the config", () => {
  const real = createRequire(import.meta.url)("../../.dependency-cruiser.cjs") as {
    forbidden: { name: string }[];
  };
  const planted = new Set(plants.map((plant) => plant.rule));
  expect(real.forbidden.map((rule) => rule.name).filter((name) => !planted.has(name))).toEqual([]);
});
