import { z } from "zod";
import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "../../mail/templates/email-blocks";
import { EmailLayout } from "../../mail/templates/email-layout";
import { defineEmailTemplate } from "../../mail/templates/email-template";

type AdminSignInLinkProps = { link: string; validMinutes: number };

/** The owner's one-time console sign-in link. */
export function AdminSignInLink({ link, validMinutes }: AdminSignInLinkProps) {
  return (
    <EmailLayout preview={`Your sign-in link for the ${siteConfig.brand} console.`}>
      <EmailHeading>Sign in to the console</EmailHeading>
      <Paragraph
        text={`Someone — hopefully you — asked to sign in to the ${siteConfig.brand} console. Open this link in the same browser to sign in:`}
      />
      <ActionButton href={link} label="Sign in" />
      <Paragraph text={link} />
      <Paragraph
        text={`The link works once, for ${validMinutes} minutes, and only in the browser that asked for it. If you did not ask, ignore this email.`}
      />
    </EmailLayout>
  );
}

export const adminSignInLinkTemplate = defineEmailTemplate({
  name: "admin-sign-in-link",
  schema: z.object({ link: z.string(), validMinutes: z.number() }),
  subject: () => `Sign in to the ${siteConfig.brand} console`,
  body: (data) => <AdminSignInLink {...data} />,
});

export function adminSignInLink(props: AdminSignInLinkProps) {
  return adminSignInLinkTemplate.compose(props);
}
