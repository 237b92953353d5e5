import { renderToStaticMarkup } from "react-dom/server";
import type { DownloadRefusal } from "./download-links";
import { siteConfig } from "~/lib/site";

const explanations: Record<DownloadRefusal, { title: string; text: string }> = {
  invalid: {
    title: "This download link is not valid",
    text: "The link may have been copied incompletely. Use the link from your receipt email exactly as sent.",
  },
  expired: {
    title: "This download link has expired",
    text: "Download links work for a limited time. Open your order page from the receipt email and ask for a fresh link.",
  },
  revoked: {
    title: "This download link no longer works",
    text: "A newer link replaced it, or the order was refunded. Use your newest email, or contact us if you think this is a mistake.",
  },
  exhausted: {
    title: "This download link has been used up",
    text: "Each link allows a limited number of downloads. Open your order page from the receipt email and ask for a fresh link.",
  },
};

const styles = `body{margin:0;font-family:system-ui,sans-serif;background:#faf8f3;color:#1f2a3d;line-height:1.6}
main{max-width:36rem;margin:10vh auto;padding:2rem 1.25rem}
h1{font-family:Georgia,serif;font-size:2rem;line-height:1.2;color:#2b3a55}
a{color:#006b73}`;

/**
 * The page a refused download link shows: plain HTML, readable without the app's assets. A link
 * that never was is 404; one that was and is no more (expired, replaced, used up) is 410.
 */
export function downloadRefusalPage(reason: DownloadRefusal, contactEmail: string) {
  const { title, text } = explanations[reason];
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} | ${siteConfig.brand}`}</title>
        <style dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p>{text}</p>
          <p>
            Need help? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a> or use the{" "}
            <a href="/contact">contact page</a>.
          </p>
          <p>
            <a href="/">Back to Home</a>
          </p>
        </main>
      </body>
    </html>,
  );
  return new Response(`<!doctype html>${html}`, {
    status: reason === "invalid" ? 404 : 410,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
