import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type DownloadLinkProps = { url: string; expiresAt: Date; maxDownloads: number };

/** A fresh book link the buyer asked for from the success page. */
export function DownloadLink({ url, expiresAt, maxDownloads }: DownloadLinkProps) {
  return (
    <EmailLayout preview={`A fresh link to download ${siteConfig.product.name}.`}>
      <EmailHeading>Your download link</EmailHeading>
      <Paragraph text="Here is a fresh link to download your book:" />
      <ActionButton href={url} label="Download the PDF" />
      <Paragraph
        text={`It works ${maxDownloads} times until ${expiresAt.toUTCString()}. Earlier links no longer work. If you did not ask for this link, you can ignore this email.`}
      />
    </EmailLayout>
  );
}

export const downloadLinkTemplate = defineEmailTemplate({
  name: "download-link",
  schema: z.object({ url: z.string(), expiresAt: z.coerce.date(), maxDownloads: z.number() }),
  subject: () => `Your ${siteConfig.product.name} download link`,
  body: (data) => <DownloadLink {...data} />,
});

export function downloadLinkEmail(link: DownloadLinkProps) {
  return downloadLinkTemplate.compose(link);
}
