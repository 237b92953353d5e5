import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../../support/built-server";

// Every kind of answer carries the security headers, not only pages.
const dir = mkdtempSync(path.join(tmpdir(), "headers-"));
let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer({
    DATABASE_URL: `file:${path.join(dir, "site.db")}`,
    MAIL_DIR: path.join(dir, "mail"),
    SITE_URL: "https://headers.test",
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const asset = () => readdirSync("build/client/assets").find((file) => file.endsWith(".js"))!;
const kinds: { kind: string; request: () => [string, RequestInit?]; status: number }[] = [
  { kind: "prerendered page", request: () => ["/method"], status: 200 },
  { kind: "server-rendered page", request: () => ["/contact"], status: 200 },
  { kind: "404 page", request: () => ["/no-such-page"], status: 404 },
  { kind: "JSON (health)", request: () => ["/healthz"], status: 200 },
  {
    kind: "JSON (refused post)",
    request: () => [
      "/functions/v1/send-contact-email",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{" },
    ],
    status: 400,
  },
  { kind: "hashed asset", request: () => [`/assets/${asset()}`], status: 200 },
  { kind: "free download (PDF)", request: () => ["/downloads/method-overview.pdf"], status: 200 },
  {
    kind: "book download link refused",
    request: () => ["/downloads/book/not-a-token"],
    status: 404,
  },
  { kind: "robots.txt", request: () => ["/robots.txt"], status: 200 },
];

function scriptSources(policy: string) {
  return (
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1) ?? []
  );
}

describe("security headers on every response kind", () => {
  it.each(kinds)("$kind", async ({ request, status }) => {
    const [pathname, init] = request();
    const response = await fetch(`${server.baseURL}${pathname}`, { redirect: "manual", ...init });
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    const header = (name: string) => response.headers.get(name) ?? "";
    const policy = header("content-security-policy");
    // Every missing or weak header is listed, not only the first.
    const checks: [string, boolean][] = [
      ["CSP default-src 'self'", /(^|;\s*)default-src 'self'/.test(policy)],
      ["CSP frame-ancestors 'none'", /(^|;\s*)frame-ancestors 'none'/.test(policy)],
      ["CSP object-src 'none'", /(^|;\s*)object-src 'none'/.test(policy)],
      ["CSP base-uri 'self'", /(^|;\s*)base-uri 'self'/.test(policy)],
      ["CSP script-src 'self'", scriptSources(policy).includes("'self'")],
      ["CSP style-src-attr 'none'", /(^|;\s*)style-src-attr 'none'/.test(policy)],
      [
        "CSP script-src without 'unsafe-inline'",
        !scriptSources(policy).includes("'unsafe-inline'"),
      ],
      ["CSP script-src without 'unsafe-eval'", !scriptSources(policy).includes("'unsafe-eval'")],
      ["X-Content-Type-Options nosniff", header("x-content-type-options") === "nosniff"],
      [
        "Referrer-Policy",
        // A page whose URL carries a token sends no Referer to other sites (decision 306).
        header("referrer-policy") ===
          (pathname.startsWith("/downloads/book/")
            ? "strict-origin"
            : "strict-origin-when-cross-origin"),
      ],
      ["HSTS", /max-age=\d{7,}/.test(header("strict-transport-security"))],
      [
        "HSTS without preload unless HSTS_PRELOAD",
        !/preload/.test(header("strict-transport-security")),
      ],
      ["Permissions-Policy", header("permissions-policy").includes("camera=()")],
      ["no X-Powered-By", response.headers.get("x-powered-by") === null],
    ];
    expect(checks.filter(([, ok]) => !ok).map(([name]) => name)).toEqual([]);
  });
});

it("adds preload to Strict-Transport-Security with HSTS_PRELOAD, for a domain on the preload list", async () => {
  const preloadDir = mkdtempSync(path.join(tmpdir(), "headers-preload-"));
  const preloading = await startBuiltServer({
    DATABASE_URL: `file:${path.join(preloadDir, "site.db")}`,
    MAIL_DIR: path.join(preloadDir, "mail"),
    SITE_URL: "https://headers.test",
    HSTS_PRELOAD: "true",
  });
  try {
    for (const pathname of ["/method", "/contact", "/healthz"]) {
      const response = await fetch(`${preloading.baseURL}${pathname}`);
      await response.arrayBuffer();
      // hstspreload.org's conditions: a year or more, every subdomain, and the preload token.
      expect({ pathname, hsts: response.headers.get("strict-transport-security") }).toEqual({
        pathname,
        hsts: "max-age=31536000; includeSubDomains; preload",
      });
    }
  } finally {
    await preloading.stop();
    rmSync(preloadDir, { recursive: true, force: true });
  }
});
