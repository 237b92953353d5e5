import { Fragment } from "react";
import { CodeInline, Heading, Hr, Img, Link, Section, Text } from "@react-email/components";
import type { LetterBlock, LetterInline } from "~/lib/letter-blocks";
import { ActionButton } from "./email-blocks";
import { emailColors, emailFonts } from "./email-theme";
import { EmailLayout } from "./email-layout";
import { renderEmail } from "./render-email";

const paragraph = { margin: "0 0 16px", fontSize: "16px", lineHeight: "1.6" };
const headingSizes = { 1: "24px", 2: "20px", 3: "18px" } as const;

function Inlines({ items }: { items: LetterInline[] }) {
  return items.map((item, index) => {
    switch (item.kind) {
      case "text":
        return <Fragment key={index}>{item.text}</Fragment>;
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
        return <CodeInline key={index}>{item.text}</CodeInline>;
      case "break":
        return <br key={index} />;
      case "link":
        return (
          <Link key={index} href={item.href} style={{ color: emailColors.accent }}>
            <Inlines items={item.children} />
          </Link>
        );
      case "image":
        return (
          <Img
            key={index}
            src={item.src}
            alt={item.alt}
            style={{ display: "block", maxWidth: "100%", height: "auto", margin: "0 0 16px" }}
          />
        );
    }
  });
}

function Blocks({ blocks }: { blocks: LetterBlock[] }) {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case "heading":
        return (
          <Heading
            key={index}
            as={`h${block.level}`}
            style={{
              margin: "8px 0 12px",
              fontFamily: emailFonts.serif,
              fontSize: headingSizes[block.level],
              lineHeight: "1.3",
              fontWeight: 600,
              color: emailColors.primary,
            }}
          >
            <Inlines items={block.children} />
          </Heading>
        );
      case "paragraph":
        return (
          <Text key={index} style={paragraph}>
            <Inlines items={block.children} />
          </Text>
        );
      case "button":
        return <ActionButton key={index} href={block.href} label={block.label} />;
      case "quote":
        return (
          <Section
            key={index}
            style={{
              margin: "0 0 16px",
              padding: "4px 16px",
              borderLeft: `3px solid ${emailColors.gold}`,
              backgroundColor: emailColors.muted,
              fontStyle: "italic",
            }}
          >
            <Blocks blocks={block.blocks} />
          </Section>
        );
      case "list": {
        const List = block.ordered ? "ol" : "ul";
        return (
          <List key={index} style={{ margin: "0 0 16px", paddingLeft: "24px" }}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex} style={{ margin: "0 0 4px" }}>
                <Blocks blocks={item} />
              </li>
            ))}
          </List>
        );
      }
      case "rule":
        return <Hr key={index} style={{ borderColor: emailColors.border, margin: "16px 0" }} />;
      case "code":
        return (
          <Text
            key={index}
            style={{ ...paragraph, fontFamily: "monospace", whiteSpace: "pre-wrap" }}
          >
            {block.text}
          </Text>
        );
    }
  });
}

export type BroadcastEmailProps = {
  preview: string;
  blocks: LetterBlock[];
  unsubscribeUrl: string;
};

/** A letter written in the console, inside the layout every email shares. */
export function BroadcastEmail({ preview, blocks, unsubscribeUrl }: BroadcastEmailProps) {
  return (
    <EmailLayout preview={preview} unsubscribeUrl={unsubscribeUrl}>
      <Blocks blocks={blocks} />
    </EmailLayout>
  );
}

export function broadcastEmail(subject: string, props: BroadcastEmailProps) {
  return renderEmail(subject, <BroadcastEmail {...props} />);
}
