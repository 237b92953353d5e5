import { describe, expect, it } from "vitest";
import { parseLetterMarkdown } from "./letter-markdown";

describe("parseLetterMarkdown", () => {
  it("keeps web and mail links, and turns other schemes into plain text", () => {
    expect(
      parseLetterMarkdown(
        "[site](https://presence.example/a) [mail](mailto:hi@presence.example) [bad](javascript:alert(1))",
      ).blocks,
    ).toEqual([
      {
        kind: "paragraph",
        children: [
          {
            kind: "link",
            href: "https://presence.example/a",
            children: [{ kind: "text", text: "site" }],
          },
          { kind: "text", text: " " },
          {
            kind: "link",
            href: "mailto:hi@presence.example",
            children: [{ kind: "text", text: "mail" }],
          },
          { kind: "text", text: " " },
          { kind: "text", text: "bad" },
        ],
      },
    ]);
  });

  it("shows images only from http(s) addresses", () => {
    expect(
      parseLetterMarkdown(
        "![room](https://presence.example/r.jpg) ![x](data:image/png;base64,AAAA)",
      ).blocks,
    ).toEqual([
      {
        kind: "paragraph",
        children: [
          { kind: "image", src: "https://presence.example/r.jpg", alt: "room" },
          { kind: "text", text: " " },
          { kind: "text", text: "x" },
        ],
      },
    ]);
  });

  it("makes a lone link marked {button} the call to action, and keeps typed markup as text", () => {
    expect(
      parseLetterMarkdown(
        "[Read it](https://presence.example/book){button}\n\n<script>alert(1)</script>",
      ).blocks,
    ).toEqual([
      { kind: "button", href: "https://presence.example/book", label: "Read it" },
      { kind: "paragraph", children: [{ kind: "text", text: "<script>alert(1)</script>" }] },
    ]);
  });

  it("reads headings (deeper ones as level 3), quotes and lists", () => {
    expect(parseLetterMarkdown("#### Deep\n\n> said\n\n1. one").blocks).toEqual([
      { kind: "heading", level: 3, children: [{ kind: "text", text: "Deep" }] },
      {
        kind: "quote",
        blocks: [{ kind: "paragraph", children: [{ kind: "text", text: "said" }] }],
      },
      {
        kind: "list",
        ordered: true,
        items: [[{ kind: "paragraph", children: [{ kind: "text", text: "one" }] }]],
      },
    ]);
  });

  it("lists every link and image it left out, wherever it stood, and nothing it kept", () => {
    const { dropped } = parseLetterMarkdown(
      [
        "# A [heading link](javascript:void(0))",
        "[fine](https://presence.example) and **[bold](vbscript:x)**",
        "> ![quoted](data:image/png;base64,AAAA)",
        "- [in a list](file:///etc/passwd)",
        "[Button](javascript:alert(1)){button}",
      ].join("\n\n"),
    );
    expect(dropped).toEqual([
      { kind: "link", text: "heading link", address: "javascript:void(0)" },
      { kind: "link", text: "bold", address: "vbscript:x" },
      { kind: "image", text: "quoted", address: "data:image/png;base64,AAAA" },
      { kind: "link", text: "in a list", address: "file:///etc/passwd" },
      { kind: "link", text: "Button", address: "javascript:alert(1)" },
    ]);
    expect(parseLetterMarkdown("[ok](https://presence.example)").dropped).toEqual([]);
  });
});
