// The server's layering (docs/ARCHITECTURE.md): core at the bottom, the mail engine on it, the
// capabilities above, the server's wiring and the routes on top. `npm run lint` fails on a breach.
const capabilities = "(leads|audience|sales|broadcasts|admin|booking|analytics)";

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
      from: { path: "^app/\\.server/core/" },
      to: { path: "^app/\\.server/", pathNot: "^app/\\.server/core/" },
    },
    {
      name: "mail-uses-only-core",
      comment: "The mail engine knows no capability: they register what follows a delivery.",
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
