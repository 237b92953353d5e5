import { pageRoutes } from "../app/route-table";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";

// Dynamic routes (the article template) are covered by their concrete paths, read from the sitemap.
const staticPaths = pageRoutes.filter((page) => !page.path.includes(":")).map((page) => page.path);

async function articlePathsFromSitemap(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/articles\/[^<]+)<\/loc>/g)].map(
    (match) => match[1]!,
  );
}

function tag(html: string, pattern: RegExp) {
  return html.match(pattern)?.[1];
}

test("every page is served with its own title, description, canonical, social tags and JSON-LD", async ({
  request,
}) => {
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  const articlePaths = await articlePathsFromSitemap(request);
  expect(articlePaths).toHaveLength(5);
  for (const path of [...staticPaths, ...articlePaths]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = tag(html, /<title>([^<]+)<\/title>/);
    const description = tag(html, /<meta name="description" content="([^"]+)"/);
    const canonical = tag(html, /<link rel="canonical" href="([^"]+)"/);
    expect(title, `${path} title`).toMatch(/\| Presence Selling$/);
    expect(description, `${path} description`).toBeTruthy();
    expect(canonical, `${path} canonical`).toBe(new URL(path, "http://localhost:3000").toString());
    expect(html, `${path} og:title`).toContain('property="og:title"');
    expect(html, `${path} twitter:card`).toContain('name="twitter:card"');
    expect(html, `${path} JSON-LD`).toContain('<script type="application/ld+json">');
    expect(seen.titles.has(title!), `${path} title is unique`).toBe(false);
    expect(seen.descriptions.has(description!), `${path} description is unique`).toBe(false);
    seen.titles.add(title!);
    seen.descriptions.add(description!);
  }
});

test("sitemap.xml lists every listed page and robots.txt points to it", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const page of pageRoutes.filter((route) => !route.unlisted)) {
    expect(sitemap).toContain(`<loc>${new URL(page.path, "http://localhost:3000")}</loc>`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap: http://localhost:3000/sitemap.xml");
});

test("the server sets security headers, compresses, and caches hashed assets for a year", async ({
  request,
}) => {
  const page = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(page.headers()["content-security-policy"]).toContain("default-src 'self'");
  expect(page.headers()["x-content-type-options"]).toBe("nosniff");
  expect(page.headers()["content-encoding"]).toBe("gzip");
  const html = await page.text();
  // Home carries no script file (decision 077): its stylesheet is the hashed asset.
  const asset = html.match(/\/assets\/[^"]+\.css/)![0];
  const assetResponse = await request.get(asset);
  expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const health = await request.get("/healthz");
  expect(await health.json()).toEqual({ status: "ok" });
});
