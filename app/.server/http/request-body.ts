import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy, { type Busboy } from "busboy";

/**
 * The one way an action or function reads a request body. Bytes are counted while they stream in
 * (a chunked body has no Content-Length to trust), so nothing larger than the cap is ever held in
 * memory; a refusal is thrown as a 4xx Response with a sentence saying what was wrong.
 */

/** JSON bodies are UTF-8 as sent: a full contact message fits many times over. */
export const maxJsonBodyBytes = 32 * 1024;
/** Form posts percent-encode every non-ASCII byte (three characters each), hence twice the room. */
export const maxFormBodyBytes = 64 * 1024;

/** A refusal as an answer: thrown out of an action, React Router sends it (JSON for every caller). */
function refusal(status: 400 | 413 | 415, error: string, headers: HeadersInit = {}) {
  return Response.json(
    { success: false, error },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
}

function refuse(status: 400 | 413 | 415, error: string, headers: HeadersInit = {}): never {
  throw refusal(status, error, headers);
}

/**
 * What is read and thrown away past the cap, so an oversized post of a few MB (a browser's upload)
 * gets its 413 instead of a connection reset mid-send, as nginx's lingering close does.
 */
const drainAllowanceBytes = 8 * 1024 * 1024;

/**
 * A request as the readers see it: React Router's Fetch `Request`, or Node's own request where a
 * hot path skips the router (POST /functions/v1/send-contact-email).
 */
export type IncomingRequest = Request | IncomingMessage;

type ChunkReader = {
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  releaseLock(): void;
};

function headerOf(request: IncomingRequest, name: string): string | null {
  if (request instanceof Request) return request.headers.get(name);
  const value = request.headers[name.toLowerCase()];
  return typeof value === "string" ? value : null;
}

function bodyReader(request: IncomingRequest): ChunkReader | undefined {
  if (request instanceof Request) return request.body?.getReader();
  const chunks = request[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return {
    read: async () => {
      const next = await chunks.next();
      return next.done ? { done: true, value: undefined } : { done: false, value: next.value };
    },
    // Node's stream stays paused where it was left; the refusal closes the connection.
    releaseLock: () => undefined,
  };
}

async function readCapped(request: IncomingRequest, limit: number): Promise<Uint8Array> {
  const tooLarge = (headers: HeadersInit = {}) =>
    refuse(413, `The request body is larger than ${limit / 1024} KB.`, headers);
  const declared = Number(headerOf(request, "Content-Length"));
  if (declared > limit + drainAllowanceBytes) tooLarge({ Connection: "close" });
  const reader = bodyReader(request);
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Closing while the client still sends resets the connection before it reads the answer:
      // a little more is read and dropped; past that, the 413 closes the connection.
      while (size <= limit + drainAllowanceBytes) {
        const next = await reader.read();
        if (next.done) return tooLarge();
        size += next.value.byteLength;
      }
      reader.releaseLock();
      tooLarge({ Connection: "close" });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function mediaType(request: IncomingRequest) {
  return (headerOf(request, "Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];
const nulMessage = "The request contains a NUL character, which no field may hold.";

/**
 * A form post's fields. `allowUntyped` accepts a body without a Content-Type as empty fields: mail
 * providers' RFC 8058 one-click unsubscribe POSTs do not all name one.
 */
export async function readFormBody(
  request: Request,
  {
    allowUntyped = false,
    maxBytes = maxFormBodyBytes,
  }: {
    allowUntyped?: boolean;
    /** A larger cap for a form that carries a document (an article's body, decision 190). */
    maxBytes?: number;
  } = {},
): Promise<URLSearchParams> {
  const type = mediaType(request);
  if (!formTypes.includes(type)) {
    if (allowUntyped && type === "") {
      await readCapped(request, maxBytes);
      return new URLSearchParams();
    }
    refuse(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const bytes = await readCapped(request, maxBytes);
  let fields: URLSearchParams;
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(Buffer.from(bytes), { headers: request.headers }).formData();
    } catch {
      refuse(400, "The multipart form body is malformed.");
    }
    fields = new URLSearchParams();
    for (const [name, value] of form) {
      if (typeof value !== "string") refuse(400, "This form takes no files.");
      fields.append(name, value);
    }
  } else {
    fields = new URLSearchParams(new TextDecoder().decode(bytes));
  }
  for (const [name, value] of fields) {
    if (name.includes("\0") || value.includes("\0")) refuse(400, nulMessage);
  }
  return fields;
}

/** A file part as it streams in: its name, and its bytes through the cap. */
export type StreamedFile = { name: string; body: AsyncIterable<Uint8Array> };

const malformedMultipart = "The multipart form body is malformed.";

/** Reads and drops up to `limit` bytes of what is left; false when more was left than that. */
async function drainBody(source: Readable, limit: number) {
  let size = 0;
  for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return false;
  }
  return true;
}

/**
 * A multipart form carrying one file (the console's CSV import), parsed by busboy as it streams:
 * the text fields before the file are collected (64 KB in all), then `onFile` is handed them and
 * the file's bytes, which are never held whole; past `maxBytes` the body throws a 413 refusal.
 * Anything but multipart is refused, and NUL bytes in the fields. A file input left empty sends a
 * part with no name and no bytes: `onFile` is not called for it. A refusal is thrown once `onFile`
 * has ended, so the caller can undo what it kept. Whatever `onFile` leaves unread is read to the
 * end before the answer, and a refusal reads on a little (see readCapped), so the browser sees
 * the answer rather than a connection cut while it still sends. `tooLarge` words the 413 (given
 * the body's declared size when it was declared too large).
 */
export async function readStreamedFileUpload<T>(
  request: Request,
  maxBytes: number,
  onFile: (fields: URLSearchParams, file: StreamedFile) => Promise<T>,
  tooLarge: (declaredBytes?: number) => string = () =>
    `The file is larger than ${maxBytes / 1024 / 1024} MB.`,
): Promise<{ fields: URLSearchParams; file?: T }> {
  if (mediaType(request) !== "multipart/form-data") {
    refuse(415, "Send the file as multipart/form-data.");
  }
  if (!request.body) refuse(400, malformedMultipart);
  const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  const fileTooLarge = tooLarge();
  // A body declared too large is refused before any of it is kept.
  const declared = Number(request.headers.get("Content-Length"));
  if (declared > maxBytes + maxFormBodyBytes) {
    const drained =
      declared <= maxBytes + maxFormBodyBytes + drainAllowanceBytes &&
      (await drainBody(source, declared));
    refuse(413, tooLarge(declared), drained ? {} : { Connection: "close" });
  }
  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type")! },
      defParamCharset: "utf8",
      // One byte over the cap reaches the file's reader, which refuses it.
      limits: { fieldSize: maxFormBodyBytes, fileSize: maxBytes + 1 },
    });
  } catch {
    refuse(400, malformedMultipart);
  }
  const fields = new URLSearchParams();
  let fieldBytes = 0;
  let file: T | undefined;
  let fileSeen = false;
  let fileBytes = 0;
  const checkFields = () => {
    for (const [key, value] of fields) {
      if (key.includes("\0") || value.includes("\0")) refuse(400, nulMessage);
    }
  };
  async function* bytesOf(stream: Readable) {
    for await (const chunk of stream.iterator({
      destroyOnReturn: false,
    }) as AsyncIterable<Buffer>) {
      fileBytes += chunk.length;
      if (fileBytes > maxBytes) refuse(413, fileTooLarge);
      yield chunk;
    }
  }
  async function takeFile(stream: Readable, name: string | undefined) {
    const bytes = bytesOf(stream);
    const first = await bytes.next();
    if (first.done && !name) return;
    checkFields();
    file = await onFile(fields, {
      name: name ?? "",
      body: (async function* () {
        if (first.done) return;
        yield first.value;
        yield* bytes;
      })(),
    });
    for await (const rest of bytesOf(stream)) void rest;
  }
  let fileTaken: Promise<void> = Promise.resolve();
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on("field", (name, value, info) => {
        fieldBytes += name.length + value.length;
        if (info.valueTruncated || fieldBytes > maxFormBodyBytes) {
          reject(refusal(413, `A form field is larger than ${maxFormBodyBytes / 1024} KB.`));
          return;
        }
        fields.append(name, value);
      });
      parser.on("file", (_name, stream, info) => {
        // A refusal destroys the parser mid-file, and the file's stream then errs ("Unexpected
        // end of file"): unheard, that error would end the process. A second file's too.
        stream.on("error", () => reject(refusal(400, malformedMultipart)));
        if (fileSeen) {
          stream.resume();
          reject(refusal(400, "This form takes one file."));
          return;
        }
        fileSeen = true;
        fileTaken = takeFile(stream, info.filename).catch(reject);
      });
      parser.on("error", () => reject(refusal(400, malformedMultipart)));
      parser.on("close", () => void fileTaken.then(resolve));
      source.on("error", () => reject(refusal(400, malformedMultipart)));
      source.pipe(parser);
    });
  } catch (error) {
    source.unpipe(parser);
    parser.destroy();
    // `onFile` ends (its stream cut) before the refusal, so the caller can undo what it kept.
    await fileTaken;
    // A client that gave up leaves nothing to drain: the refusal still stands.
    const drained = await drainBody(source, drainAllowanceBytes).catch(() => false);
    if (error instanceof Response && !drained) {
      error.headers.set("Connection", "close");
    }
    throw error;
  }
  checkFields();
  return { fields, file };
}

/** A JSON object body (arrays and bare values are refused: every function takes named fields). */
export async function readJsonBody(request: IncomingRequest): Promise<Record<string, unknown>> {
  if (mediaType(request) !== "application/json") refuse(415, "Send the body as application/json.");
  const text = new TextDecoder().decode(await readCapped(request, maxJsonBodyBytes));
  if (text.includes("\0")) refuse(400, nulMessage);
  let hasNul = false;
  let body: unknown;
  try {
    body = JSON.parse(text, (key, value: unknown) => {
      if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) hasNul = true;
      return value;
    });
  } catch {
    refuse(400, "Request body must be JSON.");
  }
  if (hasNul) refuse(400, nulMessage);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    refuse(400, "The body must be a JSON object.");
  }
  return body as Record<string, unknown>;
}

/** Stripe events are larger than a form, and their signature is checked on the raw text. */
export const maxWebhookBodyBytes = 256 * 1024;

/** The raw text of a body whose signature the caller checks (the Stripe webhook). */
export async function readSignedTextBody(request: Request): Promise<string> {
  const text = new TextDecoder().decode(await readCapped(request, maxWebhookBodyBytes));
  if (text.includes("\0")) refuse(400, nulMessage);
  return text;
}

/**
 * A small text body whose media type is one of `types` (the analytics beacon: `sendBeacon` sends
 * a string as text/plain), read through `maxBytes`; bytes that are not UTF-8 are refused.
 */
export async function readSmallTextBody(
  request: IncomingRequest,
  { maxBytes, types }: { maxBytes: number; types: string[] },
): Promise<string> {
  if (!types.includes(mediaType(request))) refuse(415, `Send the body as ${types.join(" or ")}.`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await readCapped(request, maxBytes));
  } catch (error) {
    if (error instanceof Response) throw error;
    refuse(400, "The body is not UTF-8 text.");
  }
  if (text.includes("\0")) refuse(400, nulMessage);
  return text;
}
