// The server's layering (docs/ARCHITECTURE.md): core at the bottom, the mail engine on it, the
// capabilities above, the server's wiring and the routes on top. `npm run lint` fails on a breach.
// dependency-cruiser reads its config as CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { existsSync, readdirSync } = require("node:fs");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const path = require("node:path");

// A capability is a folder of app/.server/ with a public face, an index.ts (the mail engine has
// one too, and rules of its own): read from the tree, so a new capability gets every rule.
const serverDir = path.join(__dirname, "app", ".server");
const capabilityNames = readdirSync(serverDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== "mail")
  .filter((entry) => existsSync(path.join(serverDir, entry.name, "index.ts")))
  .map((entry) => entry.name);
const capabilities = `(${capabilityNames.join("|")})`;

// The capabilities' floors, lowest first: a capability uses only those on a lower floor, so no two
// capability folders can import each other, directly or round a longer circle (dependency-cruiser's
// `no-circular` sees files, not folders). A new capability takes the floor above all it uses; one
// not named here yet stands on a floor of its own at the top.
const namedFloors = [
  ["analytics", "publishing"],
  ["audience"],
  ["booking", "leads", "broadcasts"],
  // Hears bounces and complaints: marks people (audience) and pauses broadcasts.
  ["deliverability"],
  ["sales"],
  // Opens deals on the leads' messages (through person events) for the people of audience; a
  // proposal's deposit keeps its Stripe events in sales' table (decision 324).
  ["deals"],
  ["workshops"],
  // Sequences start on a confirmed list, a purchase or a booking: above all three.
  ["sequences"],
  ["admin"],
];
const unplaced = capabilityNames.filter((name) => !namedFloors.flat().includes(name));
const capabilityFloors = [...namedFloors, ...(unplaced.length > 0 ? [unplaced] : [])];
const capabilitiesFrom = (floor) => `(${capabilityFloors.slice(floor).flat().join("|")})`;
const floorRules = capabilityFloors.map((names, floor) => ({
  name: "capabilities-keep-their-floors",
  comment:
    "A capability uses only capabilities on a lower floor (capabilityFloors): two capability " +
    "folders that import each other would be one, and neither could be moved or read alone.",
  severity: "error",
  from: { path: `^app/\\.server/(${names.join("|")})/` },
  to: { path: `^app/\\.server/${capabilitiesFrom(floor)}/`, pathNot: "^app/\\.server/$1/" },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "A circle makes two modules one: neither can be read, tested or moved alone.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "core-stands-alone",
      comment: "core/ is what everything else stands on: it imports no other server folder.",
      severity: "error",
      from: { path: "^app/\\.server/core/", pathNot: "^app/\\.server/core/db/schema\\.ts$" },
      to: { path: "^app/\\.server/", pathNot: "^app/\\.server/core/" },
    },
    {
      // Each capability keeps its tables' types beside it (booking/booking-tables.ts); the
      // database's one type is composed from them here. A type-only import runs no code and
      // leaves nothing in the build, so core still stands alone when the program runs.
      name: "schema-composes-only-table-types",
      comment:
        "core/db/schema.ts may import a capability's *-tables.ts, and only with import type.",
      severity: "error",
      from: { path: "^app/\\.server/core/db/schema\\.ts$" },
      to: {
        path: "^app/\\.server/",
        pathNot: "^app/\\.server/core/",
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "schema-imports-only-tables-files",
      severity: "error",
      from: { path: "^app/\\.server/core/db/schema\\.ts$" },
      to: {
        path: "^app/\\.server/",
        pathNot: ["^app/\\.server/core/", `^app/\\.server/${capabilities}/[a-z-]+-tables\\.ts$`],
      },
    },
    {
      name: "mail-uses-only-core",
      comment:
        "The mail engine (templates/ included) knows no capability: the wiring registers their " +
        "emails and what follows a delivery.",
      severity: "error",
      from: { path: "^app/\\.server/mail/" },
      to: { path: "^app/\\.server/", pathNot: "^app/\\.server/(core|mail)/" },
    },
    {
      name: "content-uses-only-core",
      severity: "error",
      from: { path: "^app/\\.server/content/" },
      to: { path: "^app/\\.server/", pathNot: "^app/\\.server/(core|content)/" },
    },
    {
      name: "capabilities-meet-through-their-public-face",
      comment: "One capability uses another only through its index.ts, never its inner files.",
      severity: "error",
      from: { path: `^app/\\.server/${capabilities}/` },
      to: {
        path: `^app/\\.server/${capabilities}/`,
        pathNot: ["^app/\\.server/$1/", `^app/\\.server/${capabilities}/index\\.ts$`],
      },
    },
    {
      name: "the-top-uses-capabilities-through-their-face",
      comment:
        "Routes, components, the wiring and http/ use a capability only through its index.ts: " +
        "what it owns inside can change without touching a page.",
      severity: "error",
      from: { path: "^app/(routes|components|\\.server/(server|http))/" },
      to: {
        path: `^app/\\.server/${capabilities}/`,
        pathNot: `^app/\\.server/${capabilities}/index\\.ts$`,
      },
    },
    ...floorRules,
    {
      name: "capability-emails-only-draw",
      comment:
        "A capability's emails/ draws with the mail toolkit (mail/templates/), core and the " +
        "shared lib/content; it never reaches into another capability.",
      severity: "error",
      from: { path: `^app/\\.server/${capabilities}/emails/` },
      to: {
        path: "^app/\\.server/",
        pathNot: ["^app/\\.server/(core|mail/templates)/", "^app/\\.server/$1/"],
      },
    },
    {
      name: "capabilities-use-the-mail-engine-through-its-face",
      comment: "Capabilities queue emails through mail/index.ts; worker and transport are wiring.",
      severity: "error",
      from: { path: `^app/\\.server/${capabilities}/` },
      to: {
        path: "^app/\\.server/mail/",
        pathNot: ["^app/\\.server/mail/index\\.ts$", "^app/\\.server/mail/templates/"],
      },
    },
    {
      name: "only-the-top-uses-the-wiring",
      comment: "server/ wires the process and http/ serves routes: nothing below may reach up.",
      severity: "error",
      from: { path: "^app/\\.server/", pathNot: "^app/\\.server/(server|http)/" },
      to: { path: "^app/\\.server/(server|http)/" },
    },
    {
      name: "server-code-never-uses-pages",
      severity: "error",
      from: { path: "^app/\\.server/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "app-never-imports-tests-or-support",
      comment:
        "The site ships app/: test helpers (support/) and suites (tests/, e2e/) stay out. A test " +
        "kept beside its module (*.test.ts) is not shipped and may use the tests' setup.",
      severity: "error",
      from: { path: "^app/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^(support|tests|e2e)/" },
    },
    {
      name: "routes-do-not-import-routes",
      comment:
        "A route is one URL: what two routes share goes in components/, lib/ or a service, so " +
        "no page loads another's module.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: "^app/routes/", pathNot: "^app/routes/\\+types/" },
    },
    {
      name: "e2e-does-not-import-tests",
      comment: "The browser suites share helpers with the others through support/ only.",
      severity: "error",
      from: { path: "^e2e/" },
      to: { path: "^tests/" },
    },
    {
      name: "benches-and-tests-share-support-not-each-other",
      comment: "Helpers both use live in support/; a bench never imports a test file and back.",
      severity: "error",
      from: { path: "^bench/" },
      to: { path: "^tests/" },
    },
    {
      name: "tests-do-not-import-benches",
      severity: "error",
      from: { path: "^tests/" },
      to: { path: "^bench/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|node_modules|\\.react-router)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
