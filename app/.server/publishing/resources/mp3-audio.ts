/**
 * An MP3's length read from its MPEG frames (decision 270): the ID3v2 tag skipped, the first
 * Layer III frame found and checked against the one after it, then the frame count of its
 * Xing/Info or VBRI header (a VBR file), or its size over its bitrate (a CBR file).
 */
type FrameHeader = {
  bitrate: number;
  sampleRate: number;
  samplesPerFrame: number;
  length: number;
  mpeg1: boolean;
  mono: boolean;
};

const bitratesMpeg1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const bitratesMpeg2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const sampleRates: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** A Layer III frame header at `at`, or undefined when the bytes there are not one. */
function frameHeaderAt(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 4 > bytes.length) return undefined;
  const [b0, b1, b2, b3] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15) return undefined;
  if (rateIndex === 3) return undefined;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? bitratesMpeg1 : bitratesMpeg2)[bitrateIndex]! * 1000;
  const sampleRate = sampleRates[version]![rateIndex]!;
  const samplesPerFrame = mpeg1 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((samplesPerFrame / 8) * bitrate) / sampleRate) + padding;
  return { bitrate, sampleRate, samplesPerFrame, length, mpeg1, mono: b3 >> 6 === 3 };
}

/** Where the audio starts: after an ID3v2 tag (its size is four 7-bit bytes, plus a footer). */
function audioStart(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33 || bytes.length < 10) return 0;
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

const readUint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

const textAt = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** The first frame, searched for in the first 64 KiB after the tag (encoders may pad). */
function firstFrame(bytes: Uint8Array): { at: number; header: FrameHeader } | undefined {
  const start = audioStart(bytes);
  const end = Math.min(bytes.length - 4, start + 64 * 1024);
  for (let at = start; at < end; at += 1) {
    const header = frameHeaderAt(bytes, at);
    // A true frame is followed by another (or by the end of a one-frame file).
    if (header && (at + header.length >= bytes.length || frameHeaderAt(bytes, at + header.length)))
      return { at, header };
  }
  return undefined;
}

/** True when the bytes are MPEG Layer III audio (an MP3), whatever the file is called. */
export function isMp3(bytes: Uint8Array): boolean {
  return firstFrame(bytes) !== undefined;
}

/** The MP3's length in whole seconds (rounded), or undefined when it holds no MP3 frames. */
export function mp3DurationSeconds(bytes: Uint8Array): number | undefined {
  const found = firstFrame(bytes);
  if (!found) return undefined;
  const { at, header } = found;
  const sideInfo = header.mpeg1 ? (header.mono ? 17 : 32) : header.mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = textAt(bytes, xing, 4);
  if ((tag === "Xing" || tag === "Info") && readUint32(bytes, xing + 4) & 1) {
    const frames = readUint32(bytes, xing + 8);
    return Math.round((frames * header.samplesPerFrame) / header.sampleRate);
  }
  if (textAt(bytes, at + 36, 4) === "VBRI") {
    const frames = readUint32(bytes, at + 36 + 14);
    return Math.round((frames * header.samplesPerFrame) / header.sampleRate);
  }
  const id3v1 = bytes.length >= 128 && textAt(bytes, bytes.length - 128, 3) === "TAG" ? 128 : 0;
  return Math.round(((bytes.length - at - id3v1) * 8) / header.bitrate);
}
