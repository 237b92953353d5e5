import { sampleChapterFrontMatterSchema, type SampleChapter } from "~/content/sample-chapters";
import { parseMarkdownFile } from "./markdown-file";

const chapterFiles = import.meta.glob<string>("../../content/sample-chapters/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});

// Parsed and validated once when the server module loads (at build time for the prerendered page).
const sampleChapters: SampleChapter[] = Object.entries(chapterFiles)
  .map(([file, raw]) => {
    const { data, html } = parseMarkdownFile(file, raw, sampleChapterFrontMatterSchema);
    return { ...data, insightHtml: html };
  })
  .sort((a, b) => a.chapterNumber - b.chapterNumber);

/** The preview's chapters, in book order. */
export function listSampleChapters(): SampleChapter[] {
  return sampleChapters;
}
