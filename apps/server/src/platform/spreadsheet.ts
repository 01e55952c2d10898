/**
 * Cells of every spreadsheet Atendo writes (reports, contacts, campaigns, samples): a text that a spreadsheet
 * would read as a formula once the cell is edited or the sheet saved as CSV — starting with `=`, `+`, `-`, `@`,
 * a tab or a carriage return (OWASP "CSV Injection") — is written with a leading single quote, so it stays text.
 * Numbers, dates and other values pass unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A row given as an array of cells. */
export const safeCells = (cells: readonly unknown[]) => cells.map(safeCell);

/** A row given as an object keyed by column key (exceljs `sheet.columns` with keys). */
export function safeRecord<T extends object>(row: T): Record<keyof T, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, safeCell(v)])) as Record<keyof T, unknown>;
}

/** A text read back from a sheet Atendo wrote: the quote `safeCell` added is dropped (export, edit, import again). */
export function unquoteCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
