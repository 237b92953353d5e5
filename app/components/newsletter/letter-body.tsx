import type { LetterBlock } from "~/lib/letter-blocks";
import { LetterTree, type LetterParts } from "~/lib/letter-tree";
import { buttonVariants } from "~/components/ui/button";
import { proseClassName } from "~/components/prose/prose";

const headingTags = ["h2", "h3", "h4"] as const;

/** The letter's parts on the site: plain elements the prose styles dress. */
const pageParts: LetterParts = {
  Text: ({ text }) => <span>{text}</span>,
  InlineCode: ({ text }) => <code>{text}</code>,
  Link: ({ href, children }) => <a href={href}>{children}</a>,
  Image: ({ src, alt }) => (
    <img src={src} alt={alt} loading="lazy" className="my-6 h-auto max-w-full rounded-lg" />
  ),
  // The page's own h1 is the subject: the letter's top heading level becomes h2, and so on down.
  Heading: ({ rank, children }) => {
    const Heading = headingTags[Math.min(2, Math.max(0, rank))]!;
    return <Heading>{children}</Heading>;
  },
  Paragraph: ({ children }) => <p>{children}</p>,
  Button: ({ href, label }) => (
    <p>
      <a href={href} className={buttonVariants({ size: "lg" })}>
        {label}
      </a>
    </p>
  ),
  Quote: ({ children }) => <blockquote>{children}</blockquote>,
  List: ({ ordered, children }) => (ordered ? <ol>{children}</ol> : <ul>{children}</ul>),
  ListItem: ({ children }) => <li>{children}</li>,
  Rule: () => <hr className="my-8 border-border" />,
  CodeBlock: ({ text }) => (
    <pre className="mt-5 overflow-x-auto rounded-lg bg-muted p-4 text-base">{text}</pre>
  ),
};

/** A published broadcast on the site, in the articles' reading style. */
export function LetterBody({ blocks }: { blocks: LetterBlock[] }) {
  return (
    <div
      className={`${proseClassName} [&_a.inline-flex]:text-primary-foreground [&_a.inline-flex]:no-underline`}
    >
      <LetterTree blocks={blocks} parts={pageParts} />
    </div>
  );
}
