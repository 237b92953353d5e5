import type { ComponentType, ReactNode } from "react";
import type { LetterBlock, LetterInline } from "./letter-blocks";

/**
 * How one medium draws each shape of a letter. The email (React Email, inline styles) and the
 * archive page (prose classes) each pass their own; LetterTree walks the letter for both.
 */
export type LetterParts = {
  Text: ComponentType<{ text: string }>;
  InlineCode: ComponentType<{ text: string }>;
  Link: ComponentType<{ href: string; children: ReactNode }>;
  Image: ComponentType<{ src: string; alt: string }>;
  /** `rank` counts down from the letter's top heading level: 0 for it, 1 for the next. */
  Heading: ComponentType<{ level: 1 | 2 | 3; rank: number; children: ReactNode }>;
  Paragraph: ComponentType<{ children: ReactNode }>;
  Button: ComponentType<{ href: string; label: string }>;
  Quote: ComponentType<{ children: ReactNode }>;
  List: ComponentType<{ ordered: boolean; children: ReactNode }>;
  ListItem: ComponentType<{ children: ReactNode }>;
  Rule: ComponentType;
  CodeBlock: ComponentType<{ text: string }>;
};

const emphasisTags = { strong: "strong", emphasis: "em", strike: "s" } as const;

function Inlines({ items, parts }: { items: LetterInline[]; parts: LetterParts }) {
  return items.map((item, index) => {
    switch (item.kind) {
      case "text":
        return <parts.Text key={index} text={item.text} />;
      case "strong":
      case "emphasis":
      case "strike": {
        const Tag = emphasisTags[item.kind];
        return (
          <Tag key={index}>
            <Inlines items={item.children} parts={parts} />
          </Tag>
        );
      }
      case "code":
        return <parts.InlineCode key={index} text={item.text} />;
      case "break":
        return <br key={index} />;
      case "link":
        return (
          <parts.Link key={index} href={item.href}>
            <Inlines items={item.children} parts={parts} />
          </parts.Link>
        );
      case "image":
        return <parts.Image key={index} src={item.src} alt={item.alt} />;
    }
  });
}

function Blocks({
  blocks,
  parts,
  top,
}: {
  blocks: LetterBlock[];
  parts: LetterParts;
  top: number;
}) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case "heading":
        return (
          <parts.Heading key={index} level={block.level} rank={block.level - top}>
            <Inlines items={block.children} parts={parts} />
          </parts.Heading>
        );
      case "paragraph":
        return (
          <parts.Paragraph key={index}>
            <Inlines items={block.children} parts={parts} />
          </parts.Paragraph>
        );
      case "button":
        return <parts.Button key={index} href={block.href} label={block.label} />;
      case "quote":
        return (
          <parts.Quote key={index}>
            <Blocks blocks={block.blocks} parts={parts} top={top} />
          </parts.Quote>
        );
      case "list":
        return (
          <parts.List key={index} ordered={block.ordered}>
            {block.items.map((item, itemIndex) => (
              <parts.ListItem key={itemIndex}>
                <Blocks blocks={item} parts={parts} top={top} />
              </parts.ListItem>
            ))}
          </parts.List>
        );
      case "rule":
        return <parts.Rule key={index} />;
      case "code":
        return <parts.CodeBlock key={index} text={block.text} />;
    }
  });
}

/** The top heading level among the letter's own blocks (1 when it has no heading). */
function topHeadingLevel(blocks: LetterBlock[]) {
  const levels = blocks.flatMap((block) => (block.kind === "heading" ? [block.level] : []));
  return levels.length ? Math.min(...levels) : 1;
}

/** A letter drawn with one medium's parts. */
export function LetterTree({ blocks, parts }: { blocks: LetterBlock[]; parts: LetterParts }) {
  return <Blocks blocks={blocks} parts={parts} top={topHeadingLevel(blocks)} />;
}
