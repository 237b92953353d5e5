import { Readable } from "node:stream";
import { stringify } from "csv-stringify";

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return that some
 * read as one) gets a leading apostrophe: it shows as text and runs nothing (OWASP's advice).
 */
export function neutraliseFormula(value: string) {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Rows as a streamed CSV download: RFC 4180 quoting by csv-stringify, the rows pulled one batch
 * at a time as the client reads, so an export of any size holds one batch in memory.
 */
export function csvDownload(
  filename: string,
  columns: string[],
  rows: AsyncIterable<Record<string, string | number | null>>,
) {
  const csv = Readable.from(rows).pipe(
    stringify({
      header: true,
      columns,
      cast: { string: neutraliseFormula },
    }),
  );
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
