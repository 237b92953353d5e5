import { readFile } from "node:fs/promises";
import type { PDFPage } from "pdf-lib";
import { bookEdition } from "~/content/book-edition";
import { wrapLines } from "../core/pdf-wrap-lines";

const pageSize: [number, number] = [432, 648]; // 6 × 9 inches, a trade paperback page
const margin = 54;

/** Builds the PDF edition from the book's text. */
export async function generateBookPdf(): Promise<Uint8Array> {
  // Loaded here, on the first download, rather than at every start of the server.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const ink = rgb(0.16, 0.2, 0.3);
  const pdf = await PDFDocument.create();
  pdf.setTitle(bookEdition.title);
  pdf.setAuthor(bookEdition.author);
  pdf.setSubject(bookEdition.subtitle);
  const serif = await pdf.embedFont(StandardFonts.TimesRoman);
  const serifBold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const width = pageSize[0] - margin * 2;

  const cover = pdf.addPage(pageSize);
  cover.drawText(bookEdition.title, { x: margin, y: 420, size: 30, font: serifBold, color: ink });
  wrapLines(bookEdition.subtitle, serif, 16, width).forEach((line, index) =>
    cover.drawText(line, { x: margin, y: 380 - index * 22, size: 16, font: serif, color: ink }),
  );
  cover.drawText(bookEdition.author, { x: margin, y: 120, size: 14, font: serif, color: ink });
  wrapLines(bookEdition.copyright, serif, 9, width).forEach((line, index) =>
    cover.drawText(line, { x: margin, y: 70 - index * 12, size: 9, font: serif, color: ink }),
  );

  for (const chapter of bookEdition.chapters) {
    let page: PDFPage = pdf.addPage(pageSize);
    let y = pageSize[1] - margin - 20;
    for (const line of wrapLines(chapter.heading, serifBold, 18, width)) {
      page.drawText(line, { x: margin, y, size: 18, font: serifBold, color: ink });
      y -= 26;
    }
    y -= 10;
    for (const paragraph of chapter.paragraphs) {
      for (const line of wrapLines(paragraph, serif, 12, width)) {
        if (y < margin) {
          page = pdf.addPage(pageSize);
          y = pageSize[1] - margin;
        }
        page.drawText(line, { x: margin, y, size: 12, font: serif, color: ink });
        y -= 17;
      }
      y -= 10;
    }
  }
  return pdf.save();
}

let cached: Promise<Uint8Array> | undefined;

/** The book file buyers receive: the configured manuscript, or the generated edition (built once). */
export function loadBookPdf(manuscriptPath: string | undefined): Promise<Uint8Array> {
  if (manuscriptPath) return readFile(manuscriptPath);
  cached ??= generateBookPdf().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
