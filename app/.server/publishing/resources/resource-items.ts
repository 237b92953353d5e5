import type { DownloadItem } from "~/content/free-library";
import { durationLabel } from "~/lib/duration-label";
import { fileSizeLabel } from "~/lib/file-size";
import { resourceFileHref, type ResourceContent } from "./resource-store";
import type { ResourceKind } from "../publishing-tables";

/** A resource's fields and kind: a published copy, or a draft shown in the console's preview. */
export type ResourceCardSource = ResourceContent & { kind: ResourceKind };

/** The name a download is saved under: its title, as the built-in files are named. */
function downloadName(resource: ResourceCardSource) {
  const words = resource.title.match(/[\p{L}\p{N}]+/gu) ?? ["Resource"];
  return `${words.join("-")}.${resource.kind === "guide" ? "pdf" : "mp3"}`;
}

/**
 * A console resource as a library card, beside the built-in ones (decision 270); a draft without
 * its file yet (only ever previewed) has no length and no Download button.
 */
export function resourceDownloadItem(resource: ResourceCardSource): DownloadItem {
  const guide = resource.kind === "guide";
  const { file } = resource;
  return {
    title: resource.title,
    description: resource.description,
    type: guide ? "PDF Guide" : "Audio",
    duration: !file
      ? "No file yet"
      : guide
        ? file.pages
          ? `${file.pages} ${file.pages === 1 ? "page" : "pages"}`
          : fileSizeLabel(file.bytes)
        : durationLabel(file.seconds ?? 0),
    downloads: guide ? "PDF download" : "MP3 download",
    popular: false,
    category: guide ? "Free Guides" : "Audio Practices",
    ...(file && { file: { href: resourceFileHref(file), fileName: downloadName(resource) } }),
  };
}
