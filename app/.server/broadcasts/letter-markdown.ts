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

/** A link or image left out of the letter (its address is not a web page or mail), as text. */
export type DroppedAddress = { kind: "link" | "image"; text: string; address: string };

function inlines(tokens: Token[] | undefined, dropped: DroppedAddress[]): LetterInline[] {
  return (tokens ?? []).flatMap((token): LetterInline[] => {
    switch (token.type) {
      case "text":
        return "tokens" in token && token.tokens
          ? inlines(token.tokens, dropped)
          : [{ kind: "text", text: (token as Tokens.Text).text }];
      case "escape":
      case "html":
        return [{ kind: "text", text: (token as Tokens.Escape | Tokens.HTML).text }];
      case "strong":
        return [{ kind: "strong", children: inlines((token as Tokens.Strong).tokens, dropped) }];
      case "em":
        return [{ kind: "emphasis", children: inlines((token as Tokens.Em).tokens, dropped) }];
      case "del":
        return [{ kind: "strike", children: inlines((token as Tokens.Del).tokens, dropped) }];
      case "codespan":
        return [{ kind: "code", text: (token as Tokens.Codespan).text }];
      case "br":
        return [{ kind: "break" }];
      case "link": {
        const link = token as Tokens.Link;
        const href = safeHref(link.href);
        const children = inlines(link.tokens, dropped);
        if (!href) dropped.push({ kind: "link", text: link.text, address: link.href });
        return href ? [{ kind: "link", href, children }] : children;
      }
      case "image": {
        const image = token as Tokens.Image;
        const src = safeHref(image.href, { image: true });
        if (!src) dropped.push({ kind: "image", text: image.text, address: image.href });
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
  const { href: address, text } = link as Tokens.Link;
  const href = safeHref(address);
  // Not a button then: read again as a paragraph, where the link is dropped and reported.
  return href ? { kind: "button", href, label: text } : undefined;
}

function blocks(tokens: Token[], dropped: DroppedAddress[]): LetterBlock[] {
  return tokens.flatMap((token): LetterBlock[] => {
    switch (token.type) {
      case "heading": {
        const heading = token as Tokens.Heading;
        const level = Math.min(3, Math.max(1, heading.depth)) as 1 | 2 | 3;
        return [{ kind: "heading", level, children: inlines(heading.tokens, dropped) }];
      }
      case "paragraph": {
        const paragraph = token as Tokens.Paragraph;
        return [
          buttonOf(paragraph) ?? {
            kind: "paragraph",
            children: inlines(paragraph.tokens, dropped),
          },
        ];
      }
      case "text":
        return [{ kind: "paragraph", children: inlines([token], dropped) }];
      case "blockquote":
        return [{ kind: "quote", blocks: blocks((token as Tokens.Blockquote).tokens, dropped) }];
      case "list": {
        const list = token as Tokens.List;
        return [
          {
            kind: "list",
            ordered: list.ordered,
            items: list.items.map((item) => blocks(item.tokens, dropped)),
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

/**
 * Reads a broadcast's Markdown into letter blocks (GitHub-flavoured, as the articles are), and
 * lists every link and image left out, so the composer can tell the author.
 */
export function parseLetterMarkdown(markdown: string): {
  blocks: LetterBlock[];
  dropped: DroppedAddress[];
} {
  const dropped: DroppedAddress[] = [];
  return { blocks: blocks(marked.lexer(markdown), dropped), dropped };
}
