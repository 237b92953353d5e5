import { describe, expect, it } from "vitest";
import { readStreamedFileUpload } from "./request-body";

const boundary = "upload-boundary";
const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

/** A multipart upload whose file goes on past `fileBytes` and whose part is still open then. */
function uploadStillSending(fileBytes: number) {
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      // The rest arrives a little later, as from a client still sending.
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (sent >= fileBytes) {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      controller.enqueue(new Uint8Array(16 * 1024));
      sent += 16 * 1024;
    },
  });
  return new Request("http://127.0.0.1/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("readStreamedFileUpload", () => {
  it("refuses a file past the cap with a 413 while the part is still open, and keeps running", async () => {
    const refusal = await readStreamedFileUpload(
      uploadStillSending(256 * 1024),
      64 * 1024,
      async (_fields, file) => {
        for await (const chunk of file.body) void chunk;
      },
    ).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(413);
  });
});
