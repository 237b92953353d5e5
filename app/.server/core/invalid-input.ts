import type { z } from "zod";

/** A service's answer to fields its schema refused: each field's messages, and the first one. */
export type InvalidInput = {
  outcome: "invalid";
  error: string;
  fieldErrors: Record<string, string[]>;
};

export function invalidInput(error: z.ZodError): InvalidInput {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    (fieldErrors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  }
  return { outcome: "invalid", error: error.issues[0]!.message, fieldErrors };
}
