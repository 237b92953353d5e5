import { data, Link } from "react-router";
import type { Route } from "./+types/admin.content.resources.$id.preview";
import { adminMeta } from "~/components/admin/admin-meta";
import { DownloadItemCard } from "~/components/free-library/download-item-card";
import { requireAdminPage } from "~/.server/admin";
import { consoleResource, resourceDownloadItem } from "~/.server/publishing";

export const meta = ({ data: loaderData }: Route.MetaArgs) =>
  adminMeta(`Preview: ${loaderData?.item.title || "Untitled resource"}`);

/** The draft as the library cards will show it, drawn by their own component, before publishing. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const resource = await consoleResource(context.db, params.id);
  if (!resource) throw data("Resource not found", 404);
  return {
    id: resource.id,
    item: resourceDownloadItem({ ...resource.draft, kind: resource.kind }),
  };
}

export default function AdminResourcePreview({ loaderData: { id, item } }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="min-w-0 text-3xl font-semibold break-words">
        Preview: {item.title || "Untitled resource"}
      </h1>
      <p role="note" className="rounded-md border bg-card p-3 text-sm">
        The draft, as its card will show on the public pages once published.{" "}
        <Link to={`/admin/content/resources/${id}`} className="underline">
          Back to the editor
        </Link>
      </p>
      <section aria-labelledby="preview-resources" className="space-y-3">
        <h2 id="preview-resources" className="text-xl font-semibold">
          On /resources, after the free downloads
        </h2>
        {/* The pages' own grids, so the card takes the width it will have there. */}
        <ul className="grid gap-5 rounded-lg border bg-background p-4 sm:grid-cols-2 lg:grid-cols-4">
          <li data-testid="resource-preview">
            <DownloadItemCard item={item} />
          </li>
        </ul>
      </section>
      <section aria-labelledby="preview-library" className="space-y-3">
        <h2 id="preview-library" className="text-xl font-semibold">
          On /all-resources, at the end of {item.category}
        </h2>
        <ul className="grid gap-5 rounded-lg border bg-background p-4 sm:grid-cols-2 lg:grid-cols-3">
          <li>
            <DownloadItemCard item={item} />
          </li>
        </ul>
      </section>
    </div>
  );
}
