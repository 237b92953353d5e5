import { marked, type Token, type Tokens } from "marked";
import type { LetterBlock, LetterInline } from "~/lib/letter-blocks";

/** The suffix that turns a line holding one link into the letter's button. */
const buttonMarker = "{button}";

/** Addresses a reader may be sent to: web pages and mail. Anything else stays text. */
function safeHref(href: string, { image = false } = {}) {
  try {
    const url = new URL(href);
    const allowed = image ? ["https:", "http:"] : ["https:", "http:", "mailto:"];
    return allowed.includes(url.protocol) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function inlines(tokens: Token[] | undefined): LetterInline[] {
  return (tokens ?? []).flatMap((token): LetterInline[] => {
    switch (token.type) {
      case "text":
        return "tokens" in token && token.tokens
          ? inlines(token.tokens)
          : [{ kind: "text", text: (token as Tokens.Text).text }];
      case "escape":
      case "html":
        return [{ kind: "text", text: (token as Tokens.Escape | Tokens.HTML).text }];
      case "strong":
        return [{ kind: "strong", children: inlines((token as Tokens.Strong).tokens) }];
      case "em":
        return [{ kind: "emphasis", children: inlines((token as Tokens.Em).tokens) }];
      case "del":
        return [{ kind: "strike", children: inlines((token as Tokens.Del).tokens) }];
      case "codespan":
        return [{ kind: "code", text: (token as Tokens.Codespan).text }];
      case "br":
        return [{ kind: "break" }];
      case "link": {
        const link = token as Tokens.Link;
        const href = safeHref(link.href);
        const children = inlines(link.tokens);
        return href ? [{ kind: "link", href, children }] : children;
      }
      case "image": {
        const image = token as Tokens.Image;
        const src = safeHref(image.href, { image: true });
        return src
          ? [{ kind: "image", src, alt: image.text }]
          : [{ kind: "text", text: image.text }];
      }
      default:
        return "raw" in token ? [{ kind: "text", text: token.raw }] : [];
    }
  });
}

/** `[Label](https://…){button}` alone on its line. */
function buttonOf(paragraph: Tokens.Paragraph): LetterBlock | undefined {
  const [link, marker, ...rest] = paragraph.tokens;
  if (rest.length > 0 || link?.type !== "link" || marker?.type !== "text") return undefined;
  if ((marker as Tokens.Text).text.trim() !== buttonMarker) return undefined;
  const href = safeHref((link as Tokens.Link).href);
  return href ? { kind: "button", href, label: (link as Tokens.Link).text } : undefined;
}

function blocks(tokens: Token[]): LetterBlock[] {
  return tokens.flatMap((token): LetterBlock[] => {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        const level = Math.min(3, Math.max(1, heading.depth)) as 1 | 2 | 3;
        return [{ kind: "heading", level, children: inlines(heading.tokens) }];
      }
      case "paragraph": {
        const paragraph = token as Tokens.Paragraph;
        return [buttonOf(paragraph) ?? { kind: "paragraph", children: inlines(paragraph.tokens) }];
      }
      case "text":
        return [{ kind: "paragraph", children: inlines([token]) }];
      case "blockquote":
        return [{ kind: "quote", blocks: blocks((token as Tokens.Blockquote).tokens) }];
      case "list": {
        const list = token as Tokens.List;
        return [
          {
            kind: "list",
            ordered: list.ordered,
            items: list.items.map((item) => blocks(item.tokens)),
          },
        ];
      }
      case "hr":
        return [{ kind: "rule" }];
      case "code":
        return [{ kind: "code", text: (token as Tokens.Code).text }];
      case "html":
        return [
          { kind: "paragraph", children: [{ kind: "text", text: (token as Tokens.HTML).text }] },
        ];
      case "space":
        return [];
      default:
        return "raw" in token
          ? [{ kind: "paragraph", children: [{ kind: "text", text: token.raw }] }]
          : [];
    }
  });
}

/** Reads a broadcast's Markdown into letter blocks (GitHub-flavoured, as the articles are). */
export function parseLetterMarkdown(markdown: string): LetterBlock[] {
  return blocks(marked.lexer(markdown));
}
