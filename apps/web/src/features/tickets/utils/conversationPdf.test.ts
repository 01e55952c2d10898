import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { conversationPdf } from './conversationPdf';

/** How Helvetica's WinAnsi text is written in the page's content stream: a hex string per line. */
const hex = (text: string) => [...text].map((c) => (c.codePointAt(0) ?? 0).toString(16).padStart(2, '0').toUpperCase()).join('');

describe('conversationPdf', () => {
  it('writes A4 portrait pages of real text — title, each message, accents kept, emoji replaced — onto as many pages as needed (issue 37 item 11)', async () => {
    const long = Array.from({ length: 120 }, (_, i) => ({
      meta: `28/11/2026 10:${String(i % 60).padStart(2, '0')} · Ana`,
      text: `Mensagem ${i} 👍`,
    }));
    const bytes = await conversationPdf({
      title: 'Joana — #42',
      subtitle: 'Vendas · Ana',
      entries: [{ meta: '28/11/2026 09:00 · Joana', text: 'Quero um orçamento' }, ...long],
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    }
    expect(doc.getTitle()).toBe('Joana — #42');
    // the pages' content streams, decoded: the text operators a reader selects and searches
    const raw = doc
      .getPages()
      .flatMap((page) => {
        const contents = page.node.Contents();
        return contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      })
      .map((stream) => new TextDecoder('latin1').decode(decodePDFRawStream(stream as PDFRawStream).decode()))
      .join('\n');
    expect(raw).toContain(`<${hex('Quero um orçamento')}>`);
    expect(raw).toContain(`<${hex('Mensagem 119 ?')}>`);
  });
});
