/** What a paste was changed by, in words for the owner (empty when nothing was). */
export type PasteCleaning = { html: string; notes: string[] };

/** Top and bottom heading levels the article editor allows (`article-editor.tsx`). */
const topHeading = 2;
const bottomHeading = 4;

const defaultParser = () => new DOMParser();

/**
 * Clipboard HTML, from Google Docs above all, made fit for the article before TipTap reads it:
 * reviewers' comments (the boxes Docs appends at the end) and their "[a]" anchors are removed,
 * and headings above or below the editor's levels are moved to its nearest one instead of
 * silently becoming paragraphs (issue 49). The notes say what was done.
 */
export function cleanPastedHtml(
  html: string,
  parser: Pick<DOMParser, "parseFromString"> = defaultParser(),
): PasteCleaning {
  const doc = parser.parseFromString(html, "text/html");
  const notes: string[] = [];

  // The comments: each box at the end starts with a link back to its anchor (#cmnt_ref1).
  const comments = [...doc.querySelectorAll('a[href^="#cmnt_ref"]')];
  for (const link of comments) {
    const box = link.closest("div");
    const holder = box && !box.querySelector('a[id^="cmnt_ref"]') ? box : link.closest("p");
    (holder ?? link).remove();
  }
  // The anchors in the text: `<sup><a href="#cmnt1" id="cmnt_ref1">[a]</a></sup>`.
  const anchors = [...doc.querySelectorAll('a[id^="cmnt_ref"], a[href^="#cmnt"]')];
  for (const anchor of anchors) {
    const sup = anchor.parentElement?.tagName === "SUP" ? anchor.parentElement : null;
    anchor.remove();
    if (sup && !sup.textContent?.trim()) sup.remove();
  }
  const removed = Math.max(comments.length, anchors.length);
  if (removed > 0)
    notes.push(
      removed === 1
        ? "1 reviewer's comment and its [a] mark left out"
        : `${removed} reviewers' comments and their [a] marks left out`,
    );

  const moved = new Map<string, number>();
  for (const heading of [...doc.querySelectorAll("h1, h2, h3, h4, h5, h6")]) {
    const level = Number(heading.tagName.slice(1));
    const fitted = Math.min(Math.max(level, topHeading), bottomHeading);
    if (fitted === level) continue;
    const replacement = doc.createElement(`h${fitted}`);
    for (const attribute of [...heading.attributes])
      replacement.setAttribute(attribute.name, attribute.value);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
    const change = `Heading ${level} became Heading ${fitted}`;
    moved.set(change, (moved.get(change) ?? 0) + 1);
  }
  for (const [change] of moved)
    notes.push(
      `${change}${change.endsWith(`Heading ${topHeading}`) ? ", the editor's top level" : ", the editor's lowest level"}`,
    );

  return { html: notes.length > 0 ? doc.body.innerHTML : html, notes };
}
