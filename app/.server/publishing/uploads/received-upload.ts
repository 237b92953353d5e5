import { createHash, randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";

/** An upload written to a file as it arrived: the server never holds its bytes. */
export type ReceivedUpload = {
  path: string;
  bytes: number;
  /** Its first bytes, enough to tell its kind (`sniffFileType`). */
  head: Uint8Array;
  /** SHA-256 of the whole file, hex. */
  sha256: string;
};

/** The prefix of a file being received; the sweep removes those left by a crash. */
export const receivedUploadPrefix = ".received-";
const headBytes = 4096;

/**
 * Writes `body` to `.received-<uuid>` in `dir`, hashing it chunk by chunk on the way. A body that
 * fails (cut off, or refused past the cap) leaves no file. The caller removes the file once done.
 */
export async function receiveUpload(
  dir: string,
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<ReceivedUpload> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${receivedUploadPrefix}${randomUUID()}`);
  const handle = await open(file, "wx");
  const hash = createHash("sha256");
  let bytes = 0;
  const head: Uint8Array[] = [];
  let headSize = 0;
  try {
    for await (const chunk of body) {
      hash.update(chunk);
      if (headSize < headBytes) {
        head.push(chunk.subarray(0, headBytes - headSize));
        headSize += head.at(-1)!.byteLength;
      }
      bytes += chunk.byteLength;
      await handle.write(chunk);
    }
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, bytes, head: Buffer.concat(head), sha256: hash.digest("hex") };
}
