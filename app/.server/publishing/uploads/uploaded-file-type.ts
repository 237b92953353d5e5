import { isMp3 } from "../resources/mp3-audio";

/**
 * What a file is, read from its first bytes (its "magic number"), never from its name: a PNG
 * named `.pdf` is still a PNG (decision 230).
 */
export type SniffedType = "png" | "jpeg" | "webp" | "gif" | "pdf" | "mp3" | "unknown";

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

export function sniffFileType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  if (isMp3(bytes)) return "mp3";
  return "unknown";
}

/** How each type is named to the owner, and the file name endings it goes by. */
export const sniffedTypeNames: Record<SniffedType, { name: string; extensions: string[] }> = {
  png: { name: "a PNG image", extensions: ["png"] },
  jpeg: { name: "a JPEG image", extensions: ["jpg", "jpeg"] },
  webp: { name: "a WebP image", extensions: ["webp"] },
  gif: { name: "a GIF image", extensions: ["gif"] },
  pdf: { name: "a PDF document", extensions: ["pdf"] },
  mp3: { name: "an MP3 audio file", extensions: ["mp3"] },
  unknown: { name: "a file of an unknown kind", extensions: [] },
};

/** The type a file name's ending claims, when it names one we know. */
export function claimedFileType(fileName: string): SniffedType | undefined {
  const ending = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (!ending) return undefined;
  const entry = Object.entries(sniffedTypeNames).find(([, type]) =>
    type.extensions.includes(ending),
  );
  return entry?.[0] as SniffedType | undefined;
}
