import { readFileSync } from "node:fs";
import path from "node:path";
import { getSchema } from "@tiptap/core";
import { DOMParser as ProseMirrorParser } from "@tiptap/pm/model";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { articleEditorExtensions } from "~/components/admin/article-editor";
import { cleanPastedHtml } from "~/components/admin/pasted-html";

const window = new JSDOM().window;
const clipboard = readFileSync(
  path.join(import.meta.dirname, "../fixtures/paste/google-docs-comments.html"),
  "utf8",
);

/** The HTML read as the editor reads a paste: TipTap's schema, ProseMirror's DOM parser. */
function asTheEditorReadsIt(html: string) {
  const schema = getSchema(articleEditorExtensions);
  const body = new window.DOMParser().parseFromString(html, "text/html").body;
  return ProseMirrorParser.fromSchema(schema).parse(body).toJSON() as {
    content: { type: string; attrs?: { level?: number }; content?: { text?: string }[] }[];
  };
}

const textOf = (node: { content?: { text?: string }[] }) =>
  (node.content ?? []).map((part) => part.text ?? "").join("");

describe("a paste from Google Docs", () => {
  it("leaves out the reviewers' comments and their [a] marks, and keeps Heading 1 as Heading 2", () => {
    // As the editor read it before: the title a paragraph, the comments and marks in the text.
    const raw = asTheEditorReadsIt(clipboard);
    expect(raw.content[0]!.type).toBe("paragraph");
    expect(JSON.stringify(raw)).toContain("[a]");
    expect(JSON.stringify(raw)).toContain("Reviewer: Dana");

    const cleaned = cleanPastedHtml(clipboard, new window.DOMParser());
    const doc = asTheEditorReadsIt(cleaned.html);
    const blocks = doc.content.map((node) => [node.type, node.attrs?.level, textOf(node)]);
    expect(blocks).toEqual([
      ["heading", 2, "Breathe Before the Ask"],
      [
        "paragraph",
        undefined,
        "Most sales conversations go wrong in the half second before the price is named.",
      ],
      // Docs's blank line (`<br>` between blocks), as ProseMirror reads any paste.
      ["paragraph", undefined, ""],
      ["heading", 2, "Slow down"],
      ["paragraph", undefined, "Listen first. Then name the price once, and stop."],
    ]);
    const all = JSON.stringify(doc);
    for (const gone of ["[a]", "[b]", "Reviewer", "punchier", "Reply"])
      expect(all).not.toContain(gone);
    expect(cleaned.notes).toEqual([
      "2 reviewers' comments and their [a] marks left out",
      "Heading 1 became Heading 2, the editor's top level",
    ]);
  });

  it("leaves a paste with nothing to clean as it was", () => {
    const html = "<p>Plain <strong>words</strong>.</p>";
    expect(cleanPastedHtml(html, new window.DOMParser())).toEqual({ html, notes: [] });
  });
});
