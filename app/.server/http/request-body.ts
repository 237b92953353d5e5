import type { IncomingMessage } from "node:http";

/**
 * The one way an action or function reads a request body. Bytes are counted while they stream in
 * (a chunked body has no Content-Length to trust), so nothing larger than the cap is ever held in
 * memory; a refusal is thrown as a 4xx Response with a sentence saying what was wrong.
 */

/** JSON bodies are UTF-8 as sent: a full contact message fits many times over. */
export const maxJsonBodyBytes = 32 * 1024;
/** Form posts percent-encode every non-ASCII byte (three characters each), hence twice the room. */
export const maxFormBodyBytes = 64 * 1024;

/** Thrown out of an action: React Router sends it as the answer (JSON for every caller). */
function refuse(status: 400 | 413 | 415, error: string, headers: HeadersInit = {}): never {
  throw Response.json(
    { success: false, error },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );
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
  { allowUntyped = false }: { allowUntyped?: boolean } = {},
): Promise<URLSearchParams> {
  const type = mediaType(request);
  if (!formTypes.includes(type)) {
    if (allowUntyped && type === "") {
      await readCapped(request, maxFormBodyBytes);
      return new URLSearchParams();
    }
    refuse(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const bytes = await readCapped(request, maxFormBodyBytes);
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

/**
 * A multipart form carrying one file (the console's CSV import): its text fields and the file's
 * bytes, read through `maxBytes`; the service decides what the bytes are (an empty or binary file
 * gets its own sentence there). Anything but multipart is refused, and NUL bytes in the fields.
 */
export async function readFileUpload(
  request: Request,
  maxBytes: number,
): Promise<{ fields: URLSearchParams; file?: { name: string; bytes: Uint8Array } }> {
  if (mediaType(request) !== "multipart/form-data") {
    refuse(415, "Send the file as multipart/form-data.");
  }
  const bytes = await readCapped(request, maxBytes);
  let form: FormData;
  try {
    form = await new Response(Buffer.from(bytes), { headers: request.headers }).formData();
  } catch {
    refuse(400, "The multipart form body is malformed.");
  }
  const fields = new URLSearchParams();
  let file: { name: string; bytes: Uint8Array } | undefined;
  for (const [name, value] of form) {
    if (typeof value === "string") fields.append(name, value);
    // A file input left empty still sends a part, with no name and no bytes.
    else if (value.name || value.size > 0) {
      file = { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) };
    }
  }
  for (const [name, value] of fields) {
    if (name.includes("\0") || value.includes("\0")) refuse(400, nulMessage);
  }
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
