import { load } from "js-yaml";

/**
 * Splits a Markdown file into its YAML front matter (between `---` lines at the top) and its body.
 * js-yaml 4 directly, not gray-matter: gray-matter's js-yaml 3 loads esprima and cost the server
 * 7 MB resident at start (issue 14).
 */
export function readFrontMatter(raw: string): { data: Record<string, unknown>; content: string } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m.exec(raw);
  if (!match || match.index !== 0) return { data: {}, content: raw };
  const data = load(match[1] ?? "") ?? {};
  if (typeof data !== "object" || Array.isArray(data))
    throw new Error("Front matter must be a YAML mapping");
  return { data: data as Record<string, unknown>, content: raw.slice(match[0].length) };
}
