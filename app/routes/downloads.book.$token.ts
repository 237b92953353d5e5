import type { Route } from "./+types/downloads.book.$token";
import { downloadRefusalPage, loadBookPdf, redeemDownloadLink } from "~/.server/sales";
import { siteConfig } from "~/lib/site";

/** The paid book, only through a signed link that is unexpired, unrevoked and not used up. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await redeemDownloadLink(context, params.token, {
    count: request.method !== "HEAD",
  });
  if (!result.ok) return downloadRefusalPage(result.reason, context.config.CONTACT_EMAIL);
  const file = await loadBookPdf(context.config.BOOK_PDF_PATH);
  return new Response(Buffer.from(file), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${siteConfig.product.slug}.pdf"`,
      "content-length": String(file.byteLength),
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
