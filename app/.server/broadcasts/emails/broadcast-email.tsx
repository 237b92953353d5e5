import { CodeInline, Heading, Hr, Img, Link, Section, Text } from "@react-email/components";
import { z } from "zod";
import type { LetterBlock } from "~/lib/letter-blocks";
import { LetterTree, type LetterParts } from "~/lib/letter-tree";
import { ActionButton } from "../../mail/templates/email-blocks";
import { defineEmailTemplate } from "../../mail/templates/email-template";
import { emailColors, emailFonts } from "../../mail/templates/email-theme";
import { EmailLayout } from "../../mail/templates/email-layout";
import { renderEmail } from "../../mail/templates/render-email";

const paragraph = { margin: "0 0 16px", fontSize: "16px", lineHeight: "1.6" };
const headingSizes = { 1: "24px", 2: "20px", 3: "18px" } as const;

/** The letter's parts in an email: React Email's elements with inline styles. */
const emailParts: LetterParts = {
  Text: ({ text }) => text,
  InlineCode: ({ text }) => <CodeInline>{text}</CodeInline>,
  // A bare address as the link's text is one long word: let it wrap on a phone's width.
  Link: ({ href, children }) => (
    <Link
      href={href}
      style={{ color: emailColors.accent, overflowWrap: "anywhere", wordBreak: "break-word" }}
    >
      {children}
    </Link>
  ),
  Image: ({ src, alt }) => (
    <Img
      src={src}
      alt={alt}
      style={{ display: "block", maxWidth: "100%", height: "auto", margin: "0 0 16px" }}
    />
  ),
  Heading: ({ level, children }) => (
    <Heading
      as={`h${level}`}
      style={{
        margin: "8px 0 12px",
        fontFamily: emailFonts.serif,
        fontSize: headingSizes[level],
        lineHeight: "1.3",
        fontWeight: 600,
        color: emailColors.primary,
      }}
    >
      {children}
    </Heading>
  ),
  Paragraph: ({ children }) => <Text style={paragraph}>{children}</Text>,
  Button: ({ href, label }) => <ActionButton href={href} label={label} />,
  Quote: ({ children }) => (
    <Section
      style={{
        margin: "0 0 16px",
        padding: "4px 16px",
        borderLeft: `3px solid ${emailColors.gold}`,
        backgroundColor: emailColors.muted,
        fontStyle: "italic",
      }}
    >
      {children}
    </Section>
  ),
  List: ({ ordered, children }) => {
    const List = ordered ? "ol" : "ul";
    return <List style={{ margin: "0 0 16px", paddingLeft: "24px" }}>{children}</List>;
  },
  ListItem: ({ children }) => <li style={{ margin: "0 0 4px" }}>{children}</li>,
  Rule: () => <Hr style={{ borderColor: emailColors.border, margin: "16px 0" }} />,
  CodeBlock: ({ text }) => (
    <Text style={{ ...paragraph, fontFamily: "monospace", whiteSpace: "pre-wrap" }}>{text}</Text>
  ),
};

export type BroadcastEmailProps = {
  preview: string;
  blocks: LetterBlock[];
  unsubscribeUrl: string;
  postalAddress?: string;
};

/** A letter written in the console, inside the layout every email shares. */
export function BroadcastEmail({
  preview,
  blocks,
  unsubscribeUrl,
  postalAddress,
}: BroadcastEmailProps) {
  return (
    <EmailLayout preview={preview} unsubscribeUrl={unsubscribeUrl} postalAddress={postalAddress}>
      <LetterTree blocks={blocks} parts={emailParts} />
    </EmailLayout>
  );
}

export function broadcastEmail(subject: string, props: BroadcastEmailProps) {
  return renderEmail(subject, <BroadcastEmail {...props} />);
}

/**
 * The console's "send a test": the letter as it stands, queued with its parsed blocks and drawn by
 * the worker (decision 087). The blocks come from the letter's parser, which checked every address.
 */
export const broadcastTestTemplate = defineEmailTemplate({
  name: "broadcast-test",
  schema: z.object({
    subject: z.string(),
    preview: z.string(),
    blocks: z.array(
      z.custom<LetterBlock>(
        (block) => typeof block === "object" && block !== null && "kind" in block,
      ),
    ),
    unsubscribeUrl: z.string(),
    postalAddress: z.string().optional(),
  }),
  subject: (data) => `[Test] ${data.subject}`,
  body: ({ preview, blocks, unsubscribeUrl, postalAddress }) => (
    <BroadcastEmail
      preview={preview}
      blocks={blocks}
      unsubscribeUrl={unsubscribeUrl}
      postalAddress={postalAddress}
    />
  ),
});
