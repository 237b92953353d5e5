import { describe, expect, it } from "vitest";
import { readStreamedFileUpload } from "./request-body";

const boundary = "upload-boundary";
const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;

/**
 * A multipart upload whose (last) file goes on past `fileBytes` and whose part is still open
 * then; `before` is sent ahead of its head (whole parts).
 */
function uploadStillSending(fileBytes: number, before = "") {
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(before + head));
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

/** What reading `request` with a cap of `capBytes` throws, every file read to its end. */
const refusalOf = (request: Request, capBytes: number) =>
  readStreamedFileUpload(request, capBytes, async (_fields, file) => {
    for await (const chunk of file.body) void chunk;
  }).catch((error: unknown) => error);

describe("readStreamedFileUpload", () => {
  it("refuses a file past the cap with a 413 while the part is still open, and keeps running", async () => {
    const refusal = await refusalOf(uploadStillSending(256 * 1024), 64 * 1024);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(413);
  });

  it("refuses a second file with a 400 while its part is still open, and keeps running", async () => {
    const first = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="one.csv"\r\nContent-Type: text/csv\r\n\r\nemail\r\n`;
    const refusal = await refusalOf(uploadStillSending(256 * 1024, first), 1024 * 1024);
    expect(refusal).toBeInstanceOf(Response);
    expect((refusal as Response).status).toBe(400);
    expect(await (refusal as Response).text()).toContain("This form takes one file.");
  });
});
