import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/** The request being served, so every line logged while serving it carries its id. */
export const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/**
 * The process's one logger: JSON lines on stdout. Personal data (email addresses, names, message
 * text) never goes into a line: callers log ids and counts, and these keys are censored anyway.
 */
export const logger: Logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  mixin: () => requestScope.getStore() ?? {},
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
