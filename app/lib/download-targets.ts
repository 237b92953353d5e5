import type { DownloadKey } from "~/content/free-library";
import { siteConfig } from "./site";

/** A file on the site's downloads path, saved under a friendly name. */
export type FileDownload = {
  kind: "file";
  href: string;
  fileName: string;
  format: "pdf" | "mp3" | "png";
  /** Generated from `app/content/guides/` at build time, or a committed file. */
  origin: "generated" | "static";
};

/** An audio practice that is not published yet: the site explains that this is a demo. */
export type AudioDemo = { kind: "audio-demo"; title: string; minutes: number };

export type DownloadTarget = FileDownload | AudioDemo;

export const downloadsPath = "/downloads";

function file(
  name: string,
  format: FileDownload["format"],
  fileName: string,
  origin: FileDownload["origin"],
): FileDownload {
  return { kind: "file", href: `${downloadsPath}/${name}.${format}`, fileName, format, origin };
}

/** What every download key delivers: the one place the site decides it. */
export const downloadTargets: Record<DownloadKey, DownloadTarget> = {
  logo: file("presence-selling-logo", "png", "Presence-Selling-Logo.png", "static"),
  "witness-consciousness-guide": file(
    "witness-consciousness-guide",
    "pdf",
    "Witness-Consciousness-Guide.pdf",
    "generated",
  ),
  "ego-interrupt-practice": file(
    "ego-interrupt-practice",
    "mp3",
    "Ego-Interrupt-Practice.mp3",
    "static",
  ),
  "selling-comparison": file(
    "selling-comparison",
    "pdf",
    "Traditional-vs-Presence-Selling.pdf",
    "generated",
  ),
  "method-overview": file(
    "method-overview",
    "pdf",
    `${siteConfig.product.name.replaceAll(" ", "-")}-Method-Overview.pdf`,
    "generated",
  ),
  "ego-patterns-workbook": file(
    "ego-patterns-workbook",
    "pdf",
    "Ego-Patterns-Workbook.pdf",
    "generated",
  ),
  "sales-ego-recognition": file(
    "sales-ego-recognition",
    "pdf",
    "Recognizing-the-Sales-Ego.pdf",
    "generated",
  ),
  "beyond-technique": file("beyond-technique", "pdf", "Beyond-Technique.pdf", "generated"),
  "handling-objections": file(
    "handling-objections",
    "pdf",
    "Handling-Objections-with-Presence.pdf",
    "generated",
  ),
  "presence-anchor-meditation": {
    kind: "audio-demo",
    title: "Presence Anchor Meditation",
    minutes: 12,
  },
  "witness-consciousness-practice": {
    kind: "audio-demo",
    title: "Witness Consciousness Practice",
    minutes: 18,
  },
  "energy-reading-technique": {
    kind: "audio-demo",
    title: "Energy Reading Technique",
    minutes: 15,
  },
};

/** The guides and audio files whose download is recorded (not the logo): key and path. */
export const guideDownloads = Object.entries(downloadTargets).flatMap(([key, target]) =>
  target.kind === "file" && target.format !== "png" ? [{ key, href: target.href }] : [],
);

/** The guide served at `path`, if it is one. */
export function guideAt(path: string) {
  return guideDownloads.find((guide) => guide.href === path)?.key;
}

/** What a download key delivers; an unknown key is a programming error. */
export function resolveDownload(key: DownloadKey): DownloadTarget {
  const target = downloadTargets[key];
  if (!target) throw new Error(`Unknown download key: ${key}`);
  return target;
}

/** The spec's notice for the audio practices that are not published yet. */
export const audioDemoNotice = {
  title: (target: AudioDemo) => `${target.title} (${target.minutes}-minute audio guide)`,
  description:
    "The audio download would start here; this is a demo. The guided practice will be available as a download soon.",
  closeLabel: "Close",
};
