import { rm } from "node:fs/promises";
import type { Route } from "./+types/admin.content.images";
import { requireAdminAction, requireAdminSession } from "~/.server/admin";
import { readStreamedFileUpload } from "~/.server/http/request-body";
import { receiveUpload, uploadArticleImage, type ReceivedUpload } from "~/.server/publishing";
import { imageTooLargeMessage } from "~/lib/uploaded-image";

/**
 * POST an image (multipart: `csrf`, `alt`, then `file`) for an article's cover or body (decision
 * 230). Answers JSON: the address to use, its width and height, or `error` with a 4xx.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Nobody's bytes are read before the session is known; the CSRF field precedes the file.
  await requireAdminSession(request, context);
  const maxMegabytes = context.config.IMAGE_UPLOAD_MAX_MB;
  const uploadsDir = context.config.UPLOADS_DIR;
  let received: ReceivedUpload | undefined;
  try {
    // Written to a file as it arrives (the image process reads it there): the server never
    // holds the bytes.
    const { fields, file } = await readStreamedFileUpload(
      request,
      maxMegabytes * 1024 * 1024,
      async (before, streamed) => {
        await requireAdminAction(request, context, before);
        received = await receiveUpload(uploadsDir, streamed.body);
        return { name: streamed.name, received };
      },
      (declaredBytes) => imageTooLargeMessage(maxMegabytes, declaredBytes),
    );
    const session = await requireAdminAction(request, context, fields);
    const alt = fields.get("alt")?.trim() ?? "";
    if (!file) return Response.json({ error: "Choose an image to upload." }, { status: 400 });
    if (!alt)
      return Response.json(
        { error: "Describe the image for readers who cannot see it." },
        { status: 400 },
      );
    const outcome = await uploadArticleImage(
      { db: context.db, clock: context.clock, uploadsDir },
      { actor: session.email, fileName: file.name, received: file.received },
    );
    if (outcome.outcome === "refused")
      return Response.json({ error: outcome.message }, { status: outcome.status });
    return Response.json({ src: outcome.src, width: outcome.width, height: outcome.height, alt });
  } finally {
    // Its variants are made (or it was refused): the received file is not kept.
    if (received) await rm(received.path, { force: true });
  }
}
