import { siteConfig } from "~/lib/site";
import { ActionButton, EmailHeading, Paragraph } from "./email-blocks";
import { EmailLayout } from "./email-layout";
import { renderEmail } from "./render-email";

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

export function adminSignInLink(props: AdminSignInLinkProps) {
  return renderEmail(`Sign in to the ${siteConfig.brand} console`, <AdminSignInLink {...props} />);
}
