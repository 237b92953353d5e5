import type { Route } from "./+types/proposals.$token.pdf";
import { proposalPdfForLink } from "~/.server/deals";

/** The PDF of a sent proposal, through its signed link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await proposalPdfForLink(context, params.token);
  if (!found)
    return new Response(
      `This proposal link is not valid. Check that the whole address from your email was used, or write to ${context.config.CONTACT_EMAIL}.`,
      { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } },
    );
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${found.filename}"`,
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}
