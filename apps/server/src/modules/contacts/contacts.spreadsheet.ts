/**
 * Reading contact spreadsheets: .xlsx through exceljs' streaming reader (first worksheet), CSV/TXT through csv-parse
 * (delimiter guessed from the header: ; , or tab). The kind is decided from the bytes, never
 * from the name. Legacy binary .xls (OLE, Excel 97–2003) through SheetJS 0.20.3 (@e965/xlsx: the registry's
 * `xlsx` 0.18 has known flaws fixed only in 0.19.3/0.20.2), read whole (it is a binary format), values only, first
 * sheet, at most IMPORT_MAX_ROWS rows.
 */
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { IMPORT_MAX_ROWS } from '@atendo/shared';
import * as XLSX from '@e965/xlsx';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors';
import { unquoteCell } from '../../platform/spreadsheet';

export type SheetKind = 'xlsx' | 'xls' | 'csv';

export async function detectKind(file: string): Promise<SheetKind> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await fh.read(head, 0, 8, 0);
    const b = head.subarray(0, bytesRead);
    if (b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return 'xlsx';
    if (b.length >= 4 && b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) return 'xls';
    if (b.includes(0)) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
    return 'csv';
  } finally {
    await fh.close();
  }
}

/** A cell as text: numbers without exponent, rich text and hyperlinks by their text, formulas by their result. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return unquoteCell(v.trim());
  if (typeof v === 'number') {
    if (Number.isInteger(v)) return BigInt(v).toString();
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string; error?: string };
    if (Array.isArray(o.richText))
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    if (o.hyperlink)
      return String(o.hyperlink)
        .replace(/^mailto:/i, '')
        .trim();
  }
  return '';
}

async function* xlsxRows(file: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let first = true;
  for await (const sheet of reader) {
    if (!first) continue; // only the first worksheet; later ones are drained
    first = false;
    let expected = 1;
    for await (const row of sheet) {
      // Empty rows are not emitted: keep the row numbering of the sheet.
      while (expected < row.number) {
        yield [];
        expected++;
      }
      expected = row.number + 1;
      const values = row.values as unknown[];
      const out: string[] = [];
      for (let i = 1; i < values.length; i++) out.push(cellText(values[i]));
      yield out;
    }
  }
}

/** The delimiter of a CSV/TXT: whichever of ; , or tab splits the first line most (a comma when none does). */
export function guessDelimiter(firstLine: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 1 ? counts[0][0] : ',';
}

/** The first line of a file (up to 64 KiB), BOM dropped: enough to guess the delimiter. */
async function firstLine(file: string): Promise<string> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const text = buf
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const nl = text.indexOf('\n');
    return nl < 0 ? text : text.slice(0, nl);
  } finally {
    await fh.close();
  }
}

/**
 * CSV/TXT through csv-parse (RFC 4180: quoted fields with "" escapes and line breaks), streamed; BOM dropped,
 * cells trimmed, rows of any width, a stray quote inside an unquoted field kept as text.
 */
async function* csvRows(file: string): AsyncGenerator<string[]> {
  const parser = createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(
    parse({
      delimiter: guessDelimiter(await firstLine(file)),
      bom: true,
      trim: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
  for await (const row of parser as AsyncIterable<string[]>) yield row;
}

/** Legacy .xls: the first sheet's values (no formulas, no HTML), one row at a time. */
async function* xlsRows(file: string): AsyncGenerator<string[]> {
  const book = XLSX.read(await readFile(file), {
    type: 'buffer',
    dense: true,
    sheetRows: IMPORT_MAX_ROWS + 1,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
  });
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet) return;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: false });
  for (const row of rows) yield row.map(cellText);
}

/** Every row of the file (the first is the header), as text cells. */
export async function* readRows(file: string): AsyncGenerator<string[]> {
  const kind = await detectKind(file);
  try {
    yield* kind === 'xlsx' ? xlsxRows(file) : kind === 'xls' ? xlsRows(file) : csvRows(file);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('ERR_INVALID_FILE_TYPE', 400);
  }
}

/** The header, the first `previewRows` data rows and the number of data rows (blank rows are not counted). */
export async function previewSheet(file: string, previewRows: number, maxRows: number) {
  let columns: string[] | null = null;
  const rows: string[][] = [];
  let total = 0;
  for await (const r of readRows(file)) {
    if (columns === null) {
      if (r.every((c) => c === '')) continue;
      columns = r;
      continue;
    }
    if (r.every((c) => c === '')) continue;
    total++;
    if (total > maxRows)
      throw new AppError('ERR_VALIDATION', 400, { maxRows }, [{ path: 'file', message: 'validation.tooLong' }]);
    if (rows.length < previewRows) rows.push(r);
  }
  if (!columns) throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: 'file', message: 'validation.required' }]);
  const width = Math.max(columns.length, ...rows.map((r) => r.length));
  const header = Array.from({ length: width }, (_, i) => columns?.[i] || `#${i + 1}`);
  return { columns: header, rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')), total };
}

/** The data rows (blank rows skipped), numbered from 0 in the order previewSheet counts them. */
export async function* dataRows(file: string): AsyncGenerator<{ index: number; cells: string[] }> {
  let header = false;
  let index = 0;
  for await (const r of readRows(file)) {
    if (r.every((c) => c === '')) continue;
    if (!header) {
      header = true;
      continue;
    }
    yield { index: index++, cells: r };
  }
}
