import { createCookie, redirect } from "react-router";
import type { ToastMessage } from "~/lib/toast-message";

/** A toast carried across a redirect (forms posted without JavaScript), shown once. */
const flashToastCookie = createCookie("flash-toast", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60,
});

/** `Secure` whenever the site is served over https, like every other cookie it sets. */
const secureFor = (siteUrl: string) => ({ secure: siteUrl.startsWith("https://") });

export async function redirectWithToast(url: string, toast: ToastMessage, siteUrl: string) {
  return redirect(url, {
    headers: { "Set-Cookie": await flashToastCookie.serialize(toast, secureFor(siteUrl)) },
  });
}

/** The pending toast, and the header that clears it, for the root loader. */
export async function takeFlashToast(request: Request, siteUrl: string) {
  const value = (await flashToastCookie.parse(request.headers.get("Cookie"))) as unknown;
  if (!value || typeof value !== "object" || typeof (value as ToastMessage).title !== "string") {
    return { toast: undefined, headers: undefined };
  }
  const { title, description, variant } = value as ToastMessage;
  return {
    toast: { title, description, variant } satisfies ToastMessage,
    headers: {
      "Set-Cookie": await flashToastCookie.serialize("", { maxAge: 0, ...secureFor(siteUrl) }),
    },
  };
}
