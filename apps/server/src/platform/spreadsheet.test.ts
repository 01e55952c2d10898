import { describe, expect, it } from 'vitest';
import { safeCell, safeCells, safeRecord, unquoteCell } from './spreadsheet';

describe('safeCell (OWASP CSV injection)', () => {
  it('writes a text that would become a formula with a leading quote', () => {
    for (const text of ['=HYPERLINK("http://evil.example","x")', '+55 11 9999', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(safeCell(text)).toBe(`'${text}`);
    }
  });

  it('leaves other texts and non-text values alone', () => {
    for (const value of ['Maria', '5511988887777', "'=already quoted", '', 'a=b', 42, -3, null, undefined]) {
      expect(safeCell(value)).toBe(value);
    }
    const when = new Date('2026-03-01T12:00:00Z');
    expect(safeCell(when)).toBe(when);
  });

  it('applies to rows as arrays and as records', () => {
    expect(safeCells(['=1', 'ok', 7])).toEqual(["'=1", 'ok', 7]);
    expect(safeRecord({ name: '@x', number: '5511', sentAt: null })).toEqual({ name: "'@x", number: '5511', sentAt: null });
  });

  it('reads back what it wrote (export, edit, import again) and leaves other quotes alone', () => {
    for (const text of ['=1+1', '+55 11 9999', '@mention', 'Maria', "'plain quote"])
      expect(unquoteCell(String(safeCell(text)))).toBe(text);
  });
});
