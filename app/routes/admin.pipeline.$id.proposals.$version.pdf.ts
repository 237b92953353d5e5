import { data } from "react-router";
import type { Route } from "./+types/admin.pipeline.$id.proposals.$version.pdf";
import { requireAdminPage } from "~/.server/admin";
import { proposalPdfForOwner } from "~/.server/deals";

/** Any version's PDF, drafts included, for the owner. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const version = Number(params.version);
  const found = Number.isInteger(version)
    ? await proposalPdfForOwner(context.db, params.id, version)
    : undefined;
  if (!found) throw data("Proposal not found", 404);
  return new Response(new Uint8Array(found.pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${found.filename}"`,
      "cache-control": "private, no-store",
    },
  });
}
