import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

/** One message of the exported conversation: who and when (`meta`), and what it said. */
export interface PdfEntry {
  meta: string;
  text: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const BODY = 10.5;
const META = 8.5;

/** Helvetica writes WinAnsi only: what it cannot (emoji, other scripts) becomes '?' instead of failing the export. */
function writable(font: PDFFont, text: string) {
  const set = new Set(font.getCharacterSet());
  return [...text.replace(/\r/g, '').replace(/\t/g, '    ')]
    .map((c) => (c === '\n' || set.has(c.codePointAt(0) ?? 0) ? c : '?'))
    .join('');
}

/** `text` cut into lines no wider than `width` (words kept whole unless one alone is wider). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) out.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length - 1;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
        out.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    out.push(line);
  }
  return out;
}

/**
 * The conversation as a PDF (seed 000 §5 "export PDF"): A4 portrait pages of real text (selectable, searchable), the
 * title and subtitle on top, then each message's meta line and text, in order.
 */
export async function conversationPdf(doc: { title: string; subtitle: string; entries: PdfEntry[] }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = A4[0] - 2 * MARGIN;
  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const line = (text: string, f: PDFFont, size: number, color = rgb(0, 0, 0)) => {
    if (y - size < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
    y -= size * 1.3;
    page.drawText(text, { x: MARGIN, y, size, font: f, color });
  };
  for (const l of wrap(bold, 14, writable(bold, doc.title), width)) line(l, bold, 14);
  for (const l of wrap(font, META + 1, writable(font, doc.subtitle), width)) line(l, font, META + 1, rgb(0.35, 0.35, 0.35));
  y -= 8;
  for (const e of doc.entries) {
    for (const l of wrap(font, META, writable(font, e.meta), width)) line(l, font, META, rgb(0.35, 0.35, 0.35));
    for (const l of wrap(font, BODY, writable(font, e.text), width)) line(l, font, BODY);
    y -= 6;
  }
  return pdf.save();
}
