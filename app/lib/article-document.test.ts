import { describe, expect, it } from "vitest";
import {
  checkArticleDocument,
  readingMinutes,
  renderArticleHtml,
  safeImageSrc,
  safeLinkHref,
} from "./article-document";

const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });
const doc = (...content: unknown[]) => ({ type: "doc", content });
const html = (input: unknown) => renderArticleHtml(checkArticleDocument(input).document);

describe("an article's body", () => {
  it("keeps the allowed set and renders it as Markdown would", () => {
    const input = doc(
      { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title & more" }] },
      paragraph(
        { type: "text", text: "Plain " },
        { type: "text", text: "bold", marks: [{ type: "bold" }] },
        { type: "text", text: " and " },
        { type: "text", text: "a link", marks: [{ type: "link", attrs: { href: "/book" } }] },
      ),
      {
        type: "bulletList",
        content: [{ type: "listItem", content: [paragraph({ type: "text", text: "One" })] }],
      },
      { type: "blockquote", content: [paragraph({ type: "text", text: "Quoted" })] },
      { type: "image", attrs: { src: "https://cdn.example/a.jpg", alt: "A quiet room" } },
    );
    const checked = checkArticleDocument(input);
    expect(checked.dropped).toEqual([]);
    expect(renderArticleHtml(checked.document)).toBe(
      '<h2>Title &amp; more</h2>\n<p>Plain <strong>bold</strong> and <a href="/book">a link</a></p>\n<ul>\n<li>One</li>\n</ul>\n<blockquote>\n<p>Quoted</p>\n</blockquote>\n<p><img src="https://cdn.example/a.jpg" alt="A quiet room" loading="lazy"></p>\n',
    );
  });

  const corpus: [string, unknown, RegExp][] = [
    [
      "a javascript: link",
      doc(
        paragraph({
          type: "text",
          text: "x",
          marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }],
        }),
      ),
      /javascript/i,
    ],
    [
      "a javascript: link with spaces and case",
      doc(
        paragraph({
          type: "text",
          text: "x",
          marks: [{ type: "link", attrs: { href: " JaVaScRiPt:alert(1)" } }],
        }),
      ),
      /javascript/i,
    ],
    [
      "a data: link",
      doc(
        paragraph({
          type: "text",
          text: "x",
          marks: [{ type: "link", attrs: { href: "data:text/html,<script>alert(1)</script>" } }],
        }),
      ),
      /data:/,
    ],
    [
      "an on* attribute",
      doc({
        type: "paragraph",
        attrs: { onclick: "alert(1)" },
        content: [
          {
            type: "text",
            text: "x",
            marks: [{ type: "bold", attrs: { onmouseover: "alert(1)" } }],
          },
        ],
      }),
      /onclick|onmouseover/,
    ],
    [
      "a script node",
      doc({ type: "script", content: [{ type: "text", text: "alert(1)" }] }),
      /alert/,
    ],
    [
      "an iframe node",
      doc({ type: "iframe", attrs: { src: "https://evil.example" } }),
      /iframe|evil/,
    ],
    [
      "markup in text",
      doc(
        paragraph({
          type: "text",
          text: '<script>alert(1)</script><img src=x onerror="alert(1)">',
        }),
      ),
      /<script|<img/,
    ],
    [
      "a data: image",
      doc({ type: "image", attrs: { src: "data:image/png;base64,AAAA", alt: "x" } }),
      /data:/,
    ],
    [
      "a javascript: image",
      doc({ type: "image", attrs: { src: "javascript:alert(1)", alt: "x" } }),
      /javascript/,
    ],
    [
      "an attribute breaking out of href",
      doc(
        paragraph({
          type: "text",
          text: "x",
          marks: [{ type: "link", attrs: { href: 'https://a.example/"onmouseover="alert(1)' } }],
        }),
      ),
      /"onmouseover/,
    ],
    [
      "a protocol-relative image",
      doc({ type: "image", attrs: { src: "//evil.example/a.png", alt: "x" } }),
      /evil/,
    ],
    [
      "an unknown mark",
      doc(
        paragraph({
          type: "text",
          text: "x",
          marks: [{ type: "textStyle", attrs: { style: "x" } }],
        }),
      ),
      /style/,
    ],
  ];
  for (const [name, input, unsafe] of corpus) {
    it(`leaves out ${name}`, () => {
      const rendered = html(input);
      expect(rendered).not.toMatch(unsafe);
      // Checked twice gives the same: nothing unsafe survives to be caught a second time.
      const once = checkArticleDocument(input).document;
      expect(checkArticleDocument(once)).toEqual({ document: once, dropped: [] });
    });
  }

  it("drops an image without alt text and names it", () => {
    const checked = checkArticleDocument(
      doc({ type: "image", attrs: { src: "/a.png", alt: " " } }),
    );
    expect(checked.dropped).toEqual(["an image without alt text"]);
    expect(renderArticleHtml(checked.document)).toBe("");
  });

  it("accepts only web, mail and site addresses", () => {
    expect(safeLinkHref("https://a.example")).toBe("https://a.example");
    expect(safeLinkHref("mailto:a@b.example")).toBe("mailto:a@b.example");
    expect(safeLinkHref("/book#x")).toBe("/book#x");
    expect(safeLinkHref("vbscript:x")).toBeUndefined();
    expect(safeImageSrc("http://a.example/x.png")).toBeUndefined();
  });

  it("reads at 200 words a minute", () => {
    expect(
      readingMinutes(
        checkArticleDocument(doc(paragraph({ type: "text", text: "word ".repeat(401) }))).document,
      ),
    ).toBe(3);
  });
});
