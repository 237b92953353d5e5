import { data } from "react-router";

/** Form posts of this site are a few kilobytes; anything far larger is not a visitor's form. */
export const maxFormBytes = 64 * 1024;

const formTypes = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const jsonType = /^application\/json\s*(;|$)/i;

/** A body refused before anything was read from it; routes answer it as a 4xx. */
export class RequestBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }

  /** A refused body is left unread: the connection closes after the answer instead. */
  get headers(): Record<string, string> {
    return this.status === 413 ? { Connection: "close" } : {};
  }
}

/** The body as text, read no further than `limit` bytes (chunked bodies included). */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const tooLarge = () =>
    new RequestBodyError(413, `The request is larger than ${Math.round(limit / 1024)} KB.`);
  if (Number(request.headers.get("Content-Length")) > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Not cancelled: that would reset the connection before the 413 reaches the client.
    if (size > limit) throw tooLarge();
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  // No field of ours may hold NUL, and Postgres refuses it in text columns.
  if (text.includes("\u0000")) throw new RequestBodyError(400, "The request contains a NUL byte.");
  return text;
}

/** A form post (urlencoded or multipart), capped, or a RequestBodyError. */
export async function readForm(request: Request, limit = maxFormBytes): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!formTypes.test(contentType)) {
    throw new RequestBodyError(415, "Send the form as application/x-www-form-urlencoded.");
  }
  const text = await readBodyText(request, limit);
  try {
    return await new Response(text, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new RequestBodyError(400, "The form data is malformed.");
  }
}

/** A JSON post, capped and parsed, or a RequestBodyError. */
export async function readJson(request: Request, limit: number): Promise<unknown> {
  if (!jsonType.test(request.headers.get("Content-Type") ?? "")) {
    throw new RequestBodyError(415, "Send the body as application/json.");
  }
  const text = await readBodyText(request, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestBodyError(400, "The body is not valid JSON.");
  }
}

/**
 * For page actions: the form, or a thrown 4xx the error boundary shows with its message. A
 * visitor's browser never sends such a post; scripts and scanners get a clear refusal.
 */
export async function readPageForm(request: Request, limit = maxFormBytes): Promise<FormData> {
  try {
    return await readForm(request, limit);
  } catch (error) {
    if (error instanceof RequestBodyError) {
      throw data(error.message, { status: error.status, headers: error.headers });
    }
    throw error;
  }
}
