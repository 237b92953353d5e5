import { readFileSync } from "node:fs";

// MPEG audio Layer III tables (kbit/s and Hz), by version: MPEG-1, or MPEG-2 / 2.5.
const layer3Bitrates = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const sampleRates: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/**
 * The playing time of an MP3 file in seconds, by walking its Layer III frames (the tag and the
 * encoder's Xing/Info frame, which holds no audio, are skipped). Throws when it is not an MP3.
 */
export function mp3DurationSeconds(file: string): number {
  const bytes = readFileSync(file);
  let offset = 0;
  if (bytes.subarray(0, 3).toString("latin1") === "ID3") {
    const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
    offset = 10 + size;
  }
  let seconds = 0;
  let frames = 0;
  while (offset + 4 <= bytes.length) {
    const header = bytes.readUInt32BE(offset);
    if ((header & 0xffe00000) >>> 0 !== 0xffe00000) break;
    const version = (header >>> 19) & 3;
    const layer = (header >>> 17) & 3;
    const bitrateIndex = (header >>> 12) & 15;
    const rateIndex = (header >>> 10) & 3;
    const padding = (header >>> 9) & 1;
    const rates = sampleRates[version];
    if (layer !== 1 || !rates || rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) {
      throw new Error(`${file}: not an MPEG Layer III frame at byte ${offset}`);
    }
    const mpeg1 = version === 3;
    const bitrate = (mpeg1 ? layer3Bitrates.mpeg1 : layer3Bitrates.mpeg2)[bitrateIndex]! * 1000;
    const sampleRate = rates[rateIndex]!;
    const frameLength = Math.floor(((mpeg1 ? 144 : 72) * bitrate) / sampleRate) + padding;
    const frame = bytes.subarray(offset, offset + frameLength).toString("latin1");
    const infoFrame = frames === 0 && (frame.includes("Xing") || frame.includes("Info"));
    if (!infoFrame) seconds += (mpeg1 ? 1152 : 576) / sampleRate;
    frames += 1;
    offset += frameLength;
  }
  if (frames === 0) throw new Error(`${file}: no MP3 frames`);
  return seconds;
}
