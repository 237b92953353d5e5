import { Fragment } from "react";
import { Button, Heading, Section, Text } from "@react-email/components";
import { emailColors, emailFonts } from "./email-theme";

/** The email's headline, in the site's serif. */
export function EmailHeading({ children }: { children: string }) {
  return (
    <Heading
      as="h1"
      style={{
        margin: "0 0 16px",
        fontFamily: emailFonts.serif,
        fontSize: "24px",
        lineHeight: "1.3",
        fontWeight: 600,
        color: emailColors.primary,
      }}
    >
      {children}
    </Heading>
  );
}

/** A paragraph of plain text; its line breaks are kept (as <br>, so the text part keeps them too). */
export function Paragraph({ text, muted = false }: { text: string; muted?: boolean }) {
  return (
    <Text
      style={{
        margin: "0 0 16px",
        fontSize: muted ? "14px" : "16px",
        lineHeight: "1.6",
        color: muted ? emailColors.mutedForeground : emailColors.foreground,
      }}
    >
      <Lines text={text} />
    </Text>
  );
}

/** Text someone typed, or a summary, set apart on the muted ground. */
export function Panel({ text }: { text: string }) {
  return (
    <Section
      style={{
        margin: "0 0 16px",
        backgroundColor: emailColors.muted,
        borderLeft: `3px solid ${emailColors.gold}`,
        borderRadius: "6px",
      }}
    >
      <Text style={{ margin: 0, padding: "12px 16px", fontSize: "15px", lineHeight: "1.6" }}>
        <Lines text={text} />
      </Text>
    </Section>
  );
}

/** The email's one action; the text part shows its label and address. */
export function ActionButton({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: "8px 0 24px" }}>
      <Button
        href={href}
        style={{
          backgroundColor: emailColors.primary,
          color: emailColors.primaryForeground,
          borderRadius: "8px",
          padding: "12px 22px",
          fontWeight: 600,
          fontSize: "16px",
          textDecoration: "none",
        }}
      >
        {label}
      </Button>
    </Section>
  );
}

function Lines({ text }: { text: string }) {
  return text.split("\n").map((line, index) => (
    <Fragment key={index}>
      {index > 0 && <br />}
      {line}
    </Fragment>
  ));
}
