import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  clientBuildDir,
  firstLoadJavaScript,
  modulePreloads,
  prerenderedHtml,
  prerenderedPaths,
} from "../bench/prerendered-pages";

// Budgets of decision 002, checked on the production build (`npm test` builds before Vitest runs).
describe("first-load JavaScript of the prerendered pages", () => {
  beforeAll(() => {
    if (!existsSync(path.join(clientBuildDir, "index.html")))
      throw new Error("No production build: run `npm run build` first.");
  });

  it("keeps Home at or under 120 KB gzipped", () => {
    expect(firstLoadJavaScript("/")).toBeLessThanOrEqual(120_000);
  });

  it("prerenders every page of the route table", () => {
    expect(prerenderedPaths()).toEqual(
      expect.arrayContaining(["/", "/method", "/resources", "/all-resources", "/landingpage"]),
    );
  });

  it.each(prerenderedPaths())("%s preloads at most seven scripts, after its stylesheet", (page) => {
    const html = prerenderedHtml(page);
    expect(modulePreloads(html).length).toBeGreaterThan(0);
    expect(modulePreloads(html).length).toBeLessThanOrEqual(7);
    const stylesheet = html.search(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
    expect(stylesheet).toBeGreaterThan(-1);
    expect(stylesheet).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
  });
});
