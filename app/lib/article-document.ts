/**
 * An article's body: a ProseMirror (TipTap) JSON document limited to what the site's reading
 * style sets (decision 190). The console's editor produces it; the server checks every saved
 * document against this set (`checkArticleDocument`) and renders it to HTML (`renderArticleHtml`),
 * so nothing but these nodes, marks and attributes ever reaches a page.
 */

import { articleImageSizes, pictureSources, uploadedImageOf } from "./uploaded-image";

export type ArticleMark =
  { type: "bold" } | { type: "italic" } | { type: "link"; attrs: { href: string } };

export type ArticleInline =
  { type: "text"; text: string; marks?: ArticleMark[] } | { type: "hardBreak" };

export type ArticleBlock =
  | { type: "paragraph"; content?: ArticleInline[] }
  | { type: "heading"; attrs: { level: 2 | 3 | 4 }; content?: ArticleInline[] }
  | { type: "bulletList"; content: ArticleListItem[] }
  | { type: "orderedList"; attrs?: { start?: number }; content: ArticleListItem[] }
  | { type: "blockquote"; content: ArticleBlock[] }
  | { type: "image"; attrs: { src: string; alt: string } }
  | { type: "horizontalRule" };

export type ArticleListItem = { type: "listItem"; content: ArticleBlock[] };

export type ArticleDocument = { type: "doc"; content: ArticleBlock[] };

export const emptyArticleDocument: ArticleDocument = {
  type: "doc",
  content: [{ type: "paragraph" }],
};

/** The largest body accepted, as JSON text (a save above it is refused with 413). */
export const maxArticleBodyBytes = 512 * 1024;

const linkSchemes = new Set(["http:", "https:", "mailto:"]);

/** A control character or white space inside an address hides a scheme from a naive reader. */
const hasHiddenCharacters = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f);

/** A link the site will write: a web or mail address, a path on the site, or a fragment. */
export function safeLinkHref(href: unknown): string | undefined {
  if (typeof href !== "string") return undefined;
  const trimmed = href.trim();
  if (!trimmed || hasHiddenCharacters(trimmed) || /\s/.test(trimmed)) return undefined;
  if (trimmed.startsWith("#")) return trimmed;
  if (trimmed.startsWith("/")) return trimmed.startsWith("//") ? undefined : trimmed;
  try {
    return linkSchemes.has(new URL(trimmed).protocol) ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/** An image the site will show: https, or a path on the site (never data: or javascript:). */
export function safeImageSrc(src: unknown): string | undefined {
  if (typeof src !== "string") return undefined;
  const trimmed = src.trim();
  if (!trimmed || hasHiddenCharacters(trimmed) || /\s/.test(trimmed)) return undefined;
  if (trimmed.startsWith("/")) return trimmed.startsWith("//") ? undefined : trimmed;
  try {
    return new URL(trimmed).protocol === "https:" ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const childrenOf = (node: Json): unknown[] => (Array.isArray(node.content) ? node.content : []);

/** What a check kept, and a sentence for each thing it left out. */
export type CheckedDocument = { document: ArticleDocument; dropped: string[] };

/**
 * Keeps only the allowed nodes, marks and attributes of an untrusted document. An unknown node
 * is dropped with everything in it (a `script` or `iframe` node never shows its text); an unknown
 * mark or attribute is dropped; a link to anything but a web, mail or site address loses its link;
 * an image without a safe address or without alt text is dropped. Every drop is named.
 */
export function checkArticleDocument(input: unknown): CheckedDocument {
  const dropped: string[] = [];
  const drop = (what: string) => {
    if (!dropped.includes(what)) dropped.push(what);
  };

  function marks(node: Json): ArticleMark[] {
    if (!Array.isArray(node.marks)) return [];
    const kept: ArticleMark[] = [];
    for (const mark of node.marks) {
      if (!isObject(mark)) continue;
      if (mark.type === "bold" || mark.type === "italic") {
        if (!kept.some((k) => k.type === mark.type)) kept.push({ type: mark.type });
      } else if (mark.type === "link") {
        const href = safeLinkHref(isObject(mark.attrs) ? mark.attrs.href : undefined);
        if (href) kept.push({ type: "link", attrs: { href } });
        else drop("a link to an address that is not a web, mail or site address");
      } else drop(`the mark "${String(mark.type)}"`);
    }
    return kept;
  }

  function inline(nodes: unknown[]): ArticleInline[] {
    const kept: ArticleInline[] = [];
    for (const node of nodes) {
      if (!isObject(node)) continue;
      if (node.type === "text" && typeof node.text === "string" && node.text.length > 0) {
        const nodeMarks = marks(node);
        kept.push(
          nodeMarks.length > 0
            ? { type: "text", text: node.text, marks: nodeMarks }
            : { type: "text", text: node.text },
        );
      } else if (node.type === "hardBreak") kept.push({ type: "hardBreak" });
      else if (node.type !== "text") drop(`the element "${String(node.type)}"`);
    }
    return kept;
  }

  function listItems(nodes: unknown[]): ArticleListItem[] {
    const items: ArticleListItem[] = [];
    for (const node of nodes) {
      if (isObject(node) && node.type === "listItem") {
        const content = blocks(childrenOf(node));
        items.push({
          type: "listItem",
          content: content.length > 0 ? content : [{ type: "paragraph" }],
        });
      } else drop(`the element "${isObject(node) ? String(node.type) : "?"}" in a list`);
    }
    return items;
  }

  function blocks(nodes: unknown[]): ArticleBlock[] {
    const kept: ArticleBlock[] = [];
    for (const node of nodes) {
      if (!isObject(node)) continue;
      switch (node.type) {
        case "paragraph": {
          const content = inline(childrenOf(node));
          kept.push(content.length > 0 ? { type: "paragraph", content } : { type: "paragraph" });
          break;
        }
        case "heading": {
          const asked = isObject(node.attrs) ? Number(node.attrs.level) : 2;
          const level = (asked <= 2 ? 2 : asked >= 4 ? 4 : 3) as 2 | 3 | 4;
          const content = inline(childrenOf(node));
          kept.push(
            content.length > 0
              ? { type: "heading", attrs: { level }, content }
              : { type: "heading", attrs: { level } },
          );
          break;
        }
        case "bulletList":
        case "orderedList": {
          const content = listItems(childrenOf(node));
          if (content.length === 0) break;
          if (node.type === "bulletList") kept.push({ type: "bulletList", content });
          else {
            const start = isObject(node.attrs) ? Number(node.attrs.start) : 1;
            kept.push(
              Number.isInteger(start) && start > 1 && start < 100_000
                ? { type: "orderedList", attrs: { start }, content }
                : { type: "orderedList", content },
            );
          }
          break;
        }
        case "blockquote": {
          const content = blocks(childrenOf(node));
          if (content.length > 0) kept.push({ type: "blockquote", content });
          break;
        }
        case "image": {
          const attrs = isObject(node.attrs) ? node.attrs : {};
          const src = safeImageSrc(attrs.src);
          const alt = typeof attrs.alt === "string" ? attrs.alt.trim() : "";
          if (!src) drop("an image whose address is not https or on the site");
          else if (!alt) drop("an image without alt text");
          else kept.push({ type: "image", attrs: { src, alt } });
          break;
        }
        case "horizontalRule":
          kept.push({ type: "horizontalRule" });
          break;
        default:
          drop(`the element "${String(node.type)}"`);
      }
    }
    return kept;
  }

  const root = isObject(input) && input.type === "doc" ? input : undefined;
  if (!root) drop("a body that is not a document");
  const content = root ? blocks(childrenOf(root)) : [];
  return {
    document: { type: "doc", content: content.length > 0 ? content : [{ type: "paragraph" }] },
    dropped,
  };
}

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

function inlineHtml(nodes: ArticleInline[] = []): string {
  return nodes
    .map((node) => {
      if (node.type === "hardBreak") return "<br>";
      let html = escapeHtml(node.text);
      for (const mark of node.marks ?? []) {
        if (mark.type === "bold") html = `<strong>${html}</strong>`;
        else if (mark.type === "italic") html = `<em>${html}</em>`;
      }
      // The link outermost, as Markdown writes it.
      const link = node.marks?.find((mark) => mark.type === "link");
      if (link && link.type === "link")
        html = `<a href="${escapeHtml(link.attrs.href)}">${html}</a>`;
      return html;
    })
    .join("");
}

function blockHtml(block: ArticleBlock, tight = false): string {
  switch (block.type) {
    case "paragraph":
      return tight ? inlineHtml(block.content) : `<p>${inlineHtml(block.content)}</p>\n`;
    case "heading":
      return `<h${block.attrs.level}>${inlineHtml(block.content)}</h${block.attrs.level}>\n`;
    case "bulletList":
    case "orderedList": {
      const tag = block.type === "bulletList" ? "ul" : "ol";
      const start =
        block.type === "orderedList" && block.attrs?.start ? ` start="${block.attrs.start}"` : "";
      const items = block.content
        .map((item) => {
          // An item of one paragraph is written without it, as Markdown's tight lists are.
          const single = item.content.length === 1 && item.content[0]!.type === "paragraph";
          return `<li>${item.content.map((child) => blockHtml(child, single)).join("")}</li>\n`;
        })
        .join("");
      return `<${tag}${start}>\n${items}</${tag}>\n`;
    }
    case "blockquote":
      return `<blockquote>\n${block.content.map((child) => blockHtml(child)).join("")}</blockquote>\n`;
    case "image":
      return `<p>${imageHtml(block.attrs.src, block.attrs.alt)}</p>\n`;
    case "horizontalRule":
      return "<hr>\n";
  }
}

/**
 * An uploaded image as a `<picture>`: AVIF, then WebP, then its own format, each at every width
 * made, with the width and height that keep the layout still. Any other image as it is.
 */
function imageHtml(src: string, alt: string) {
  const uploaded = uploadedImageOf(src);
  if (!uploaded) return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy">`;
  const sources = pictureSources(uploaded);
  const sizes = `sizes="${articleImageSizes}"`;
  return (
    `<picture><source type="image/avif" srcset="${sources.avif}" ${sizes}>` +
    `<source type="image/webp" srcset="${sources.webp}" ${sizes}>` +
    `<img src="${escapeHtml(src)}" srcset="${sources.fallback}" ${sizes} alt="${escapeHtml(alt)}" ` +
    `width="${uploaded.width}" height="${uploaded.height}" loading="lazy" decoding="async"></picture>`
  );
}

/** The body as HTML, from a checked document only. */
export function renderArticleHtml(document: ArticleDocument): string {
  return document.content
    .filter((block) => !(block.type === "paragraph" && !block.content?.length))
    .map((block) => blockHtml(block))
    .join("");
}

/** The body's words, for the reading time, the diff and the checks. */
export function articlePlainText(document: ArticleDocument): string {
  const lines: string[] = [];
  const inlineText = (nodes: ArticleInline[] = []) =>
    nodes.map((node) => (node.type === "text" ? node.text : "\n")).join("");
  const walk = (blocks: ArticleBlock[], prefix = "") => {
    for (const block of blocks) {
      if (block.type === "paragraph") lines.push(prefix + inlineText(block.content));
      else if (block.type === "heading")
        lines.push(`${"#".repeat(block.attrs.level)} ${inlineText(block.content)}`);
      else if (block.type === "bulletList" || block.type === "orderedList")
        for (const item of block.content) walk(item.content, `${prefix}- `);
      else if (block.type === "blockquote") walk(block.content, `${prefix}> `);
      else if (block.type === "image") lines.push(`${prefix}[image: ${block.attrs.alt}]`);
      else lines.push("---");
    }
  };
  walk(document.content);
  return lines.filter((line) => line.trim() !== "").join("\n");
}

export function wordCount(document: ArticleDocument) {
  return articlePlainText(document)
    .replace(/^[#>\-\s]+/gm, " ")
    .split(/\s+/)
    .filter(Boolean).length;
}

/** Minutes at 200 words a minute, at least one. */
export function readingMinutes(document: ArticleDocument) {
  return Math.max(1, Math.ceil(wordCount(document) / 200));
}
