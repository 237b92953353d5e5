import { siteConfig } from "~/lib/site";
import { htmlButton, htmlEmail, htmlParagraph, type EmailContent } from "./email-layout";

/** The owner's one-time console sign-in link. */
export function adminSignInLink({
  link,
  validMinutes,
}: {
  link: string;
  validMinutes: number;
}): EmailContent {
  const subject = `Sign in to the ${siteConfig.brand} console`;
  const intro = `Someone — hopefully you — asked to sign in to the ${siteConfig.brand} console. Open this link in the same browser to sign in:`;
  const after = `The link works once, for ${validMinutes} minutes, and only in the browser that asked for it. If you did not ask, ignore this email.`;
  return {
    subject,
    text: `${intro}\n\n${link}\n\n${after}`,
    html: htmlEmail({
      title: subject,
      body: `${htmlParagraph(intro)}${htmlButton(link, "Sign in")}${htmlParagraph(after)}`,
    }),
  };
}
