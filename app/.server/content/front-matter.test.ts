import { describe, expect, it } from "vitest";
import { readFrontMatter } from "./front-matter";

describe("readFrontMatter", () => {
  it("splits the YAML mapping at the top from the body", () => {
    const { data, content } = readFrontMatter(
      "---\ntitle: Staying present\ndate: 2026-11-18\ntags: [a, b]\n---\n# Heading\n\nText\n",
    );
    expect(data).toEqual({
      title: "Staying present",
      date: new Date("2026-11-18"),
      tags: ["a", "b"],
    });
    expect(content).toBe("# Heading\n\nText\n");
  });

  it("reads Windows line endings", () => {
    expect(readFrontMatter("---\r\ntitle: A\r\n---\r\nBody")).toEqual({
      data: { title: "A" },
      content: "Body",
    });
  });

  it("leaves a file without front matter whole, even with a rule further down", () => {
    const raw = "# Heading\n\n---\nnot: front matter\n---\n";
    expect(readFrontMatter(raw)).toEqual({ data: {}, content: raw });
  });

  it("refuses front matter that is not a mapping", () => {
    expect(() => readFrontMatter("---\n- a\n- b\n---\nBody")).toThrow(/mapping/);
  });
});
