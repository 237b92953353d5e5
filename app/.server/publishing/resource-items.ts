import type { DownloadItem } from "~/content/free-library";
import { durationLabel } from "~/lib/duration-label";
import type { PublicResource } from "./resource-store";

const megabytes = (bytes: number) => `${Math.max(0.1, Math.round(bytes / 104_857.6) / 10)} MB`;

/** The name a download is saved under: its title, as the built-in files are named. */
function downloadName(resource: PublicResource) {
  const words = resource.title.match(/[\p{L}\p{N}]+/gu) ?? ["Resource"];
  return `${words.join("-")}.${resource.kind === "guide" ? "pdf" : "mp3"}`;
}

/** A published console resource as a library card, beside the built-in ones (decision 270). */
export function resourceDownloadItem(resource: PublicResource): DownloadItem {
  const guide = resource.kind === "guide";
  const { pages, seconds } = resource.file;
  return {
    title: resource.title,
    description: resource.description,
    type: guide ? "PDF Guide" : "Audio",
    duration: guide
      ? pages
        ? `${pages} ${pages === 1 ? "page" : "pages"}`
        : megabytes(resource.file.bytes)
      : durationLabel(seconds ?? 0),
    downloads: guide ? "PDF download" : "MP3 download",
    popular: false,
    category: guide ? "Free Guides" : "Audio Practices",
    file: { href: resource.href, fileName: downloadName(resource) },
  };
}
