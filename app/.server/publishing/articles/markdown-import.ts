import { marked, type Token, type Tokens } from "marked";
import type {
  ArticleBlock,
  ArticleDocument,
  ArticleInline,
  ArticleListItem,
  ArticleMark,
} from "~/lib/article-document";

/**
 * Markdown (the articles as they were written before the store, decision 190) to the article
 * document: headings, paragraphs, emphasis, links, lists, quotes and rules, the text unchanged.
 * Anything else (raw HTML, code) is kept as its plain text.
 */
export function markdownToDocument(markdown: string): ArticleDocument {
  const content = blocks(marked.lexer(markdown));
  return { type: "doc", content: content.length > 0 ? content : [{ type: "paragraph" }] };
}

function inline(tokens: Token[] | undefined, marks: ArticleMark[] = []): ArticleInline[] {
  const nodes: ArticleInline[] = [];
  const text = (value: string) => {
    if (value)
      nodes.push(
        marks.length > 0 ? { type: "text", text: value, marks } : { type: "text", text: value },
      );
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
        nodes.push(...inline((token as Tokens.Strong).tokens, [...marks, { type: "bold" }]));
        break;
      case "em":
        nodes.push(...inline((token as Tokens.Em).tokens, [...marks, { type: "italic" }]));
        break;
      case "link": {
        const link = token as Tokens.Link;
        nodes.push(
          ...inline(link.tokens, [...marks, { type: "link", attrs: { href: link.href } }]),
        );
        break;
      }
      case "br":
        nodes.push({ type: "hardBreak" });
        break;
      case "text": {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) nodes.push(...inline(t.tokens, marks));
        else text(t.text);
        break;
      }
      case "escape":
      case "codespan":
        text((token as Tokens.Escape).text);
        break;
      default:
        text("text" in token && typeof token.text === "string" ? token.text : token.raw);
    }
  }
  return nodes;
}

function blocks(tokens: Token[]): ArticleBlock[] {
  const result: ArticleBlock[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "space":
        break;
      case "heading": {
        const heading = token as Tokens.Heading;
        const level = Math.min(4, Math.max(2, heading.depth)) as 2 | 3 | 4;
        result.push({ type: "heading", attrs: { level }, content: inline(heading.tokens) });
        break;
      }
      case "paragraph":
        result.push({ type: "paragraph", content: inline((token as Tokens.Paragraph).tokens) });
        break;
      case "text": {
        const text = token as Tokens.Text;
        result.push({
          type: "paragraph",
          content: text.tokens ? inline(text.tokens) : [{ type: "text", text: text.text }],
        });
        break;
      }
      case "list": {
        const list = token as Tokens.List;
        const items: ArticleListItem[] = list.items.map((item) => {
          const content = blocks(item.tokens);
          return {
            type: "listItem",
            content: content.length > 0 ? content : [{ type: "paragraph" }],
          };
        });
        if (list.ordered) {
          const start = typeof list.start === "number" ? list.start : 1;
          result.push(
            start > 1
              ? { type: "orderedList", attrs: { start }, content: items }
              : { type: "orderedList", content: items },
          );
        } else result.push({ type: "bulletList", content: items });
        break;
      }
      case "blockquote":
        result.push({ type: "blockquote", content: blocks((token as Tokens.Blockquote).tokens) });
        break;
      case "hr":
        result.push({ type: "horizontalRule" });
        break;
      default: {
        const raw = "text" in token && typeof token.text === "string" ? token.text : token.raw;
        if (raw.trim())
          result.push({ type: "paragraph", content: [{ type: "text", text: raw.trim() }] });
      }
    }
  }
  return result;
}
