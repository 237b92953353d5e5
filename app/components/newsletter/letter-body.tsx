import type { LetterBlock, LetterInline } from "~/lib/letter-blocks";
import { buttonVariants } from "~/components/ui/button";
import { proseClassName } from "~/components/prose/prose";

function Inlines({ items }: { items: LetterInline[] }) {
  return items.map((item, index) => {
    switch (item.kind) {
      case "text":
        return <span key={index}>{item.text}</span>;
      case "strong":
        return (
          <strong key={index}>
            <Inlines items={item.children} />
          </strong>
        );
      case "emphasis":
        return (
          <em key={index}>
            <Inlines items={item.children} />
          </em>
        );
      case "strike":
        return (
          <s key={index}>
            <Inlines items={item.children} />
          </s>
        );
      case "code":
        return <code key={index}>{item.text}</code>;
      case "break":
        return <br key={index} />;
      case "link":
        return (
          <a key={index} href={item.href}>
            <Inlines items={item.children} />
          </a>
        );
      case "image":
        return (
          <img
            key={index}
            src={item.src}
            alt={item.alt}
            loading="lazy"
            className="my-6 h-auto max-w-full rounded-lg"
          />
        );
    }
  });
}

const headingTags = ["h2", "h3", "h4"] as const;

/** The page's own h1 is the subject: the letter's top heading level becomes h2, and so on down. */
function topHeadingLevel(blocks: LetterBlock[]) {
  const levels = blocks.flatMap((block) => (block.kind === "heading" ? [block.level] : []));
  return levels.length ? Math.min(...levels) : 1;
}

function Blocks({ blocks, top }: { blocks: LetterBlock[]; top: number }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case "heading": {
        const Heading = headingTags[Math.min(2, Math.max(0, block.level - top))]!;
        return (
          <Heading key={index}>
            <Inlines items={block.children} />
          </Heading>
        );
      }
      case "paragraph":
        return (
          <p key={index}>
            <Inlines items={block.children} />
          </p>
        );
      case "button":
        return (
          <p key={index}>
            <a href={block.href} className={buttonVariants({ size: "lg" })}>
              {block.label}
            </a>
          </p>
        );
      case "quote":
        return (
          <blockquote key={index}>
            <Blocks blocks={block.blocks} top={top} />
          </blockquote>
        );
      case "list": {
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Blocks blocks={item} top={top} />
              </li>
            ))}
          </List>
        );
      }
      case "rule":
        return <hr key={index} className="my-8 border-border" />;
      case "code":
        return (
          <pre key={index} className="mt-5 overflow-x-auto rounded-lg bg-muted p-4 text-base">
            {block.text}
          </pre>
        );
    }
  });
}

/** A published broadcast on the site, in the articles' reading style. */
export function LetterBody({ blocks }: { blocks: LetterBlock[] }) {
  return (
    <div
      className={`${proseClassName} [&_a.inline-flex]:text-primary-foreground [&_a.inline-flex]:no-underline`}
    >
      <Blocks blocks={blocks} top={topHeadingLevel(blocks)} />
    </div>
  );
}
