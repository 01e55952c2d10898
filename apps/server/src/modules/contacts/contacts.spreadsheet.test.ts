import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRows, guessDelimiter, readRows } from './contacts.spreadsheet';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheet-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rowsOf(text: string | Buffer) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.csv`);
  await writeFile(file, text);
  const out: string[][] = [];
  for await (const r of readRows(file)) out.push(r);
  return out;
}

describe('CSV contact sheets (csv-parse)', () => {
  it('guesses the delimiter from the header line', () => {
    expect(guessDelimiter('Nome;Telefone;Email')).toBe(';');
    expect(guessDelimiter('name,number')).toBe(',');
    expect(guessDelimiter('name\tnumber\temail')).toBe('\t');
    expect(guessDelimiter('number')).toBe(',');
  });

  it('reads quoted fields with the delimiter, "" escapes and line breaks inside; drops the BOM; trims cells', async () => {
    const rows = await rowsOf(
      '\uFEFFNome;Telefone;Obs\n"Silva; Ana" ; 5511911112222 ;"diz ""oi""\nem duas linhas"\r\nBeto;5511911113333;\n',
    );
    expect(rows).toEqual([
      ['Nome', 'Telefone', 'Obs'],
      ['Silva; Ana', '5511911112222', 'diz "oi"\nem duas linhas'],
      ['Beto', '5511911113333', ''],
    ]);
  });

  it('keeps rows of other widths, a stray quote in an unquoted cell, and a last line without a newline', async () => {
    const rows = await rowsOf('name,number,email\nAna 5" tablet,5511911112222\nBia,5511911114444,b@x.com,extra');
    expect(rows).toEqual([
      ['name', 'number', 'email'],
      ['Ana 5" tablet', '5511911112222'],
      ['Bia', '5511911114444', 'b@x.com', 'extra'],
    ]);
  });

  it('counts data rows without blank lines and reads a tab-separated text', async () => {
    const file = path.join(dir, 'tabs.txt');
    await writeFile(file, 'name\tnumber\n\nAna\t5511911112222\n\n\nBia\t5511911114444\n');
    const data: { index: number; cells: string[] }[] = [];
    for await (const r of dataRows(file)) data.push(r);
    expect(data).toEqual([
      { index: 0, cells: ['Ana', '5511911112222'] },
      { index: 1, cells: ['Bia', '5511911114444'] },
    ]);
  });

  it('refuses an unterminated quote as a file it cannot read', async () => {
    await expect(rowsOf('name,number\n"Ana,5511911112222\n')).rejects.toMatchObject({ code: 'ERR_INVALID_FILE_TYPE' });
  });
});
