import type { ReactNode } from "react";
import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import { siteConfig } from "~/lib/site";
import { emailColors, emailFonts } from "./email-theme";

/**
 * The single-column frame every email shares: the brand, the body on a white card, and a footer
 * with the sender's postal line and, for list emails, the way out (the List-Unsubscribe link).
 */
export function EmailLayout({
  preview,
  unsubscribeUrl,
  postalAddress,
  children,
}: {
  /** The line inbox lists show after the subject. */
  preview: string;
  unsubscribeUrl?: string;
  /** The sender's full postal address (MAIL_POSTAL_ADDRESS), which list emails must carry. */
  postalAddress?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body
        style={{
          margin: 0,
          padding: "24px 12px",
          backgroundColor: emailColors.background,
          color: emailColors.foreground,
          fontFamily: emailFonts.sans,
          fontSize: "16px",
          lineHeight: "1.6",
        }}
      >
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Text
            style={{
              margin: "0 0 16px",
              padding: "0 4px",
              fontFamily: emailFonts.serif,
              fontSize: "20px",
              fontWeight: 600,
              color: emailColors.primary,
            }}
          >
            {siteConfig.brand}
          </Text>
          <Section
            style={{
              backgroundColor: emailColors.card,
              border: `1px solid ${emailColors.border}`,
              borderTop: `4px solid ${emailColors.gold}`,
              borderRadius: "12px",
              padding: "28px 28px 12px",
            }}
          >
            {children}
          </Section>
          <Section style={{ padding: "16px 4px 0" }}>
            {unsubscribeUrl && (
              <Text style={footerText}>
                You receive this email because this address was entered on {siteConfig.brand}.{" "}
                <Link
                  href={unsubscribeUrl}
                  style={{ color: emailColors.mutedForeground, textDecoration: "underline" }}
                >
                  Unsubscribe
                </Link>{" "}
                at any time.
              </Text>
            )}
            <Hr style={{ borderColor: emailColors.border, margin: "8px 0" }} />
            <Text style={footerText}>
              {`${siteConfig.brand} · ${siteConfig.author.name} · ${postalAddress ?? siteConfig.location.label}`}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const footerText = {
  margin: "0 0 8px",
  fontSize: "13px",
  lineHeight: "1.5",
  color: emailColors.mutedForeground,
};
