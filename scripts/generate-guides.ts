// Build step (`npm run prebuild`): turns each guide in app/content/guides/*.md into a real PDF in
// public/downloads/<key>.pdf. The output is deterministic, so regenerating committed files
// changes nothing unless the content did (tests/downloads.test.ts checks they are current).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { marked, type Token, type Tokens } from "marked";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { wrapLines } from "../app/.server/core/pdf-wrap-lines";
import { readFrontMatter } from "../app/.server/content/front-matter";
import { fillProductPlaceholders } from "../app/.server/content/markdown-file";
import { guideFrontMatterSchema, type GuideFrontMatter } from "../app/content/guides";
import { siteConfig } from "../app/lib/site";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const guidesDir = path.join(rootDir, "app/content/guides");
export const downloadsDir = path.join(rootDir, "public/downloads");

// US Letter, in points.
const pageSize: [number, number] = [612, 792];
const margin = { x: 64, top: 72, bottom: 72 };
const contentWidth = pageSize[0] - margin.x * 2;
// A fixed date keeps the files byte-for-byte reproducible.
const documentDate = new Date("2026-11-01T00:00:00Z");

const colors = {
  ink: rgb(0.15, 0.18, 0.27),
  muted: rgb(0.38, 0.42, 0.5),
  accent: rgb(0.16, 0.45, 0.47),
  gold: rgb(0.9, 0.72, 0.36),
  rule: rgb(0.85, 0.84, 0.8),
  band: rgb(0.17, 0.23, 0.33),
  tableHead: rgb(0.92, 0.95, 0.95),
};

type Fonts = { body: PDFFont; bold: PDFFont; serif: PDFFont; serifBold: PDFFont; italic: PDFFont };

/** The standard PDF fonts encode WinAnsi only: fold other characters to close equivalents. */
function pdfText(text: string) {
  return text
    .replace(/[\u2192\u21d2]/g, "->")
    .replace(/[\u2212\u2010\u2011]/g, "-")
    .replace(/\u00a0/g, " ")
    .replace(/[^\x20-\x7e\u00a1-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, "");
}

function inlineText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return pdfText(fallback);
  return pdfText(
    tokens
      .map((token) =>
        "tokens" in token && token.tokens
          ? inlineText(token.tokens, "")
          : "text" in token
            ? String(token.text)
            : "",
      )
      .join(""),
  );
}

/** Lays text out top to bottom, starting a new page when the current one is full. */
class GuideWriter {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin.top;
  }

  ensureSpace(height: number) {
    if (this.y - height < margin.bottom) this.newPage();
  }

  space(points: number) {
    this.y -= points;
  }

  text(
    text: string,
    options: { font: PDFFont; size: number; color?: ReturnType<typeof rgb>; indent?: number },
  ) {
    const { font, size, color = colors.ink, indent = 0 } = options;
    const lineHeight = size * 1.45;
    for (const line of wrapLines(text, font, size, contentWidth - indent)) {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, { x: margin.x + indent, y: this.y + size * 0.3, size, font, color });
    }
  }

  /** A list item: the marker hangs in the margin of the wrapped text. */
  listItem(marker: string, text: string) {
    const size = 11;
    const indent = 22;
    const lineHeight = size * 1.45;
    const lines = wrapLines(text, this.fonts.body, size, contentWidth - indent);
    lines.forEach((line, index) => {
      this.ensureSpace(lineHeight);
      this.y -= lineHeight;
      const baseline = this.y + size * 0.3;
      if (index === 0) {
        const markerFont = marker === "\u2022" ? this.fonts.body : this.fonts.bold;
        this.page.drawText(marker, {
          x: margin.x + 4,
          y: baseline,
          size,
          font: markerFont,
          color: colors.accent,
        });
      }
      this.page.drawText(line, {
        x: margin.x + indent,
        y: baseline,
        size,
        font: this.fonts.body,
        color: colors.ink,
      });
    });
  }

  rule(color = colors.rule, thickness = 0.75) {
    this.ensureSpace(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: margin.x, y: this.y },
      end: { x: pageSize[0] - margin.x, y: this.y },
      thickness,
      color,
    });
    this.y -= 6;
  }

  /** A two-or-more column table with a shaded header row. */
  table(header: string[], rows: string[][]) {
    const size = 10;
    const lineHeight = size * 1.4;
    const padding = 6;
    const columnWidth = contentWidth / header.length;
    const drawRow = (cells: string[], font: PDFFont, shaded: boolean) => {
      const wrapped = cells.map((cell) => wrapLines(cell, font, size, columnWidth - padding * 2));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * lineHeight + padding * 2;
      this.ensureSpace(height);
      if (shaded) {
        this.page.drawRectangle({
          x: margin.x,
          y: this.y - height,
          width: contentWidth,
          height,
          color: colors.tableHead,
        });
      }
      wrapped.forEach((lines, column) =>
        lines.forEach((line, index) =>
          this.page.drawText(line, {
            x: margin.x + column * columnWidth + padding,
            y: this.y - padding - (index + 1) * lineHeight + size * 0.35,
            size,
            font,
            color: colors.ink,
          }),
        ),
      );
      this.y -= height;
      this.page.drawLine({
        start: { x: margin.x, y: this.y },
        end: { x: pageSize[0] - margin.x, y: this.y },
        thickness: 0.5,
        color: colors.rule,
      });
    };
    drawRow(header, this.fonts.bold, true);
    rows.forEach((row) => drawRow(row, this.fonts.body, false));
  }
}

function writeTitle(writer: GuideWriter, guide: GuideFrontMatter) {
  const { fonts } = writer;
  writer.text(siteConfig.brand.toUpperCase(), { font: fonts.bold, size: 9, color: colors.accent });
  writer.space(6);
  writer.text(pdfText(guide.title), { font: fonts.serifBold, size: 26 });
  writer.space(2);
  writer.text(pdfText(guide.subtitle), { font: fonts.italic, size: 13, color: colors.muted });
  writer.space(4);
  writer.rule(colors.gold, 2);
  writer.space(8);
}

function writeTokens(writer: GuideWriter, tokens: Token[]) {
  const { fonts } = writer;
  for (const token of tokens) {
    switch (token.type) {
      case "heading": {
        const { depth, text, tokens: inline } = token as Tokens.Heading;
        writer.space(depth <= 2 ? 14 : 8);
        writer.ensureSpace(60);
        writer.text(inlineText(inline, text), {
          font: depth <= 2 ? fonts.serifBold : fonts.bold,
          size: depth <= 2 ? 16 : 12,
          color: depth <= 2 ? colors.ink : colors.accent,
        });
        writer.space(4);
        break;
      }
      case "paragraph": {
        const { text, tokens: inline } = token as Tokens.Paragraph;
        writer.text(inlineText(inline, text), { font: fonts.body, size: 11 });
        writer.space(8);
        break;
      }
      case "list": {
        const list = token as Tokens.List;
        const start = typeof list.start === "number" ? list.start : 1;
        list.items.forEach((item, index) =>
          writer.listItem(
            list.ordered ? `${start + index}.` : "\u2022",
            inlineText(item.tokens, item.text),
          ),
        );
        writer.space(8);
        break;
      }
      case "table": {
        const table = token as Tokens.Table;
        writer.table(
          table.header.map((cell) => inlineText(cell.tokens, cell.text)),
          table.rows.map((row) => row.map((cell) => inlineText(cell.tokens, cell.text))),
        );
        writer.space(12);
        break;
      }
      case "hr":
        writer.rule();
        break;
      case "space":
        break;
      default:
        if ("text" in token) {
          writer.text(pdfText(String(token.text)), { font: fonts.body, size: 11 });
          writer.space(8);
        }
    }
  }
}

function writeFooters(writer: GuideWriter, guide: GuideFrontMatter) {
  const { fonts, pages } = writer;
  const size = 8.5;
  pages.forEach((page, index) => {
    const left = pdfText(`${guide.title} \u2014 ${siteConfig.brand}`);
    const right = `Page ${index + 1} of ${pages.length}`;
    page.drawLine({
      start: { x: margin.x, y: 52 },
      end: { x: pageSize[0] - margin.x, y: 52 },
      thickness: 0.5,
      color: colors.rule,
    });
    page.drawText(left, { x: margin.x, y: 38, size, font: fonts.body, color: colors.muted });
    page.drawText(right, {
      x: pageSize[0] - margin.x - fonts.body.widthOfTextAtSize(right, size),
      y: 38,
      size,
      font: fonts.body,
      color: colors.muted,
    });
  });
}

/** One guide's Markdown (with front matter) as the bytes of a PDF. */
export async function renderGuidePdf(file: string, raw: string): Promise<Uint8Array> {
  const { data, content } = readFrontMatter(fillProductPlaceholders(raw));
  const parsed = guideFrontMatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(`Invalid front matter in ${file}: ${parsed.error.message}`);
  const guide = parsed.data;

  const doc = await PDFDocument.create();
  doc.setTitle(pdfText(guide.title));
  doc.setSubject(pdfText(guide.subtitle));
  doc.setAuthor(siteConfig.author.name);
  doc.setCreator(siteConfig.brand);
  doc.setProducer(siteConfig.brand);
  doc.setKeywords(["presence-based selling", siteConfig.product.name]);
  doc.setCreationDate(documentDate);
  doc.setModificationDate(documentDate);
  const fonts: Fonts = {
    body: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    serif: await doc.embedFont(StandardFonts.TimesRoman),
    serifBold: await doc.embedFont(StandardFonts.TimesRomanBold),
    italic: await doc.embedFont(StandardFonts.TimesRomanItalic),
  };
  const writer = new GuideWriter(doc, fonts);
  writeTitle(writer, guide);
  writeTokens(writer, marked.lexer(content));
  writeFooters(writer, guide);
  return doc.save();
}

/** Writes every guide as `<key>.pdf` into outDir; returns the files written. */
export async function generateGuides(outDir: string = downloadsDir): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const name of readdirSync(guidesDir)
    .filter((file) => file.endsWith(".md"))
    .sort()) {
    const bytes = await renderGuidePdf(name, readFileSync(path.join(guidesDir, name), "utf8"));
    const target = path.join(outDir, name.replace(/\.md$/, ".pdf"));
    writeFileSync(target, bytes);
    written.push(target);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = await generateGuides();
  console.log(`Generated ${written.length} guide PDFs in ${path.relative(rootDir, downloadsDir)}/`);
}
