/**
 * A broadcast's body as the email and the archive page both draw it: Markdown reduced to the few
 * shapes a letter uses. Only text and checked http(s)/mailto addresses survive; markup typed in
 * the body stays visible text, so nothing written in the console reaches a page as HTML.
 */
export type LetterInline =
  | { kind: "text"; text: string }
  | { kind: "strong" | "emphasis" | "strike"; children: LetterInline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; children: LetterInline[] }
  | { kind: "image"; src: string; alt: string }
  | { kind: "break" };

export type LetterBlock =
  | { kind: "heading"; level: 1 | 2 | 3; children: LetterInline[] }
  | { kind: "paragraph"; children: LetterInline[] }
  /** A line `[Label](https://…){button}`: the letter's call to action. */
  | { kind: "button"; href: string; label: string }
  | { kind: "quote"; blocks: LetterBlock[] }
  | { kind: "list"; ordered: boolean; items: LetterBlock[][] }
  | { kind: "rule" }
  | { kind: "code"; text: string };

/** The words of some inline content (a button label, an image's alt, a page description). */
export function inlineText(inlines: LetterInline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case "text":
        case "code":
          return inline.text;
        case "image":
          return inline.alt;
        case "break":
          return " ";
        default:
          return inlineText(inline.children);
      }
    })
    .join("");
}
