import { AsyncLocalStorage } from "node:async_hooks";
import { IncomingMessage, ServerResponse } from "node:http";
import pino, { type Logger } from "pino";

/** The request being served, so every line logged while serving it carries its id. */
export const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** Header keys that carry a credential, censored wherever they sit in a line. */
const credentialKeys = new Set(["cookie", "set-cookie", "authorization"]);

/**
 * The line's fields with every credential header censored at any depth, and any live request or
 * response (which carries all headers, cookies included) replaced by its kind. Copies only what it
 * changes: the caller's objects are never written to.
 */
export function withoutCredentials(value: unknown, seen = new WeakSet<object>()): unknown {
  if (value instanceof IncomingMessage || value instanceof ServerResponse) {
    return `[${value.constructor.name}]`;
  }
  const plain =
    Array.isArray(value) ||
    (typeof value === "object" &&
      value !== null &&
      [Object.prototype, null].includes(Object.getPrototypeOf(value)));
  if (!plain || seen.has(value as object)) return value;
  seen.add(value as object);
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const [key, field] of Object.entries(value as object)) {
    const kept = credentialKeys.has(key.toLowerCase())
      ? "[redacted]"
      : withoutCredentials(field, seen);
    if (kept === field) continue;
    copy ??= Array.isArray(value) ? [...value] : { ...(value as object) };
    (copy as Record<string, unknown>)[key] = kept;
  }
  return copy ?? value;
}

/**
 * The process's one logger: JSON lines on stdout. Personal data (email addresses, names, message
 * text) never goes into a line: callers log ids and counts, and these keys are censored anyway.
 * Credentials neither: cookie and authorization headers are censored at any depth.
 */
export const logger: Logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  // A copy: pino merges each line's fields into what the mixin returns, and a live store would
  // carry one line's fields (a whole response, say) into every later line of the request.
  mixin: () => {
    const scope = requestScope.getStore();
    return scope ? { reqId: scope.reqId } : {};
  },
  formatters: { log: (fields) => withoutCredentials(fields) as Record<string, unknown> },
  redact: {
    paths: ["email", "*.email", "to", "*.to", "name", "*.name", "firstName", "lastName", "message"],
    censor: "[redacted]",
  },
});

type LogFields = Record<string, unknown>;

/** The logger as background loops take it (fields, then words), without pino's overloads. */
export const logLines = {
  info: (fields: LogFields, message: string) => logger.info(fields, message),
  warn: (fields: LogFields, message: string) => logger.warn(fields, message),
  error: (fields: LogFields, message: string) => logger.error(fields, message),
};

/** Logs a failure with its stack, the one way every module reports an error it handles. */
export function logFailure(what: string, error: unknown, details: Record<string, unknown> = {}) {
  logger.error({ ...details, err: error }, what);
}
