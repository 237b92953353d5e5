import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
  // Dependencies point one way: routes → components → lib/content, and routes → .server.
  // Nothing imports a route; components and lib never reach server code.
  // Code that reaches the browser takes zod from ~/lib/zod (jitless there, under the CSP).
  ...layerRule(["app/routes/**"], [], { browser: true }),
  ...layerRule(["app/components/**"], ["~/routes/*", "~/.server/*", "**/.server/*"], {
    browser: true,
  }),
  ...layerRule(
    ["app/lib/**", "app/content/**"],
    ["~/routes/*", "~/components/*", "~/.server/*", "**/.server/*"],
    { browser: true },
  ),
  ...layerRule(["app/.server/**"], ["~/routes/*", "~/components/*"]),
);

/** Forbids imports from the layers above the files matched (and bare zod in browser code). */
function layerRule(files, forbidden, { browser = false } = {}) {
  return [
    {
      files,
      ignores: ["**/*.test.ts", "**/*.test.tsx", "app/lib/zod.ts"],
      rules: {
        "no-restricted-imports": [
          "error",
          {
            paths: browser
              ? [
                  {
                    name: "zod",
                    message: 'Import { z } from "~/lib/zod" (jitless in the browser).',
                  },
                ]
              : [],
            patterns: forbidden.length
              ? [
                  {
                    group: forbidden,
                    message: "Upward import: see docs/ARCHITECTURE.md for the layers.",
                  },
                ]
              : [],
          },
        ],
      },
    },
  ];
}
