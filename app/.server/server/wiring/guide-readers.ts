import type { IncomingMessage } from "node:http";
import { guideReaderParameter, recordGuideDownload } from "../../audience";
import type { AppServices } from "../../core/service-deps";
import { logFailure } from "../../core/logger";
import { guideAt } from "~/lib/download-targets";
import { pathOf } from "../early-answers/early-answers";

/** Longer than any signed token: anything past it is not one, and is not even verified. */
const maxTokenLength = 512;

/**
 * A guide fetched through a link from one of our emails (`?reader=<signed token>`, decision 261):
 * the reader is recorded as having downloaded it, after the file is on its way; a failure is
 * logged without the token and never touches the download.
 */
export function guideReaderRecorder(services: Pick<AppServices, "db" | "clock" | "config">) {
  return (request: IncomingMessage) => {
    if (request.method !== "GET") return;
    const guide = guideAt(pathOf(request));
    if (!guide) return;
    const token = new URL(request.url ?? "/", "http://site").searchParams.get(guideReaderParameter);
    if (!token || token.length > maxTokenLength) return;
    recordGuideDownload(services, { guide, token }).catch((error: unknown) =>
      logFailure("guide download not recorded for its reader", error),
    );
  };
}
