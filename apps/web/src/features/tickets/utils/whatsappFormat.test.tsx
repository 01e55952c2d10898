import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatWhatsapp } from './whatsappFormat';

const html = (text: string) => render(<div>{formatWhatsapp(text)}</div>).container.firstElementChild?.innerHTML;

describe('formatWhatsapp', () => {
  it('bold, italic, strike and monospace, as the phone shows them', () => {
    expect(html('*Ana:*\nOlá')).toBe('<strong>Ana:</strong>\nOlá');
    expect(html('um _dois_ ~três~ ```quatro```')).toBe('um <em>dois</em> <s>três</s> <code>quatro</code>');
  });

  it('leaves lone markers, markers around spaces and markup alone', () => {
    expect(html('2 * 3 = 6 e 4 * 5')).toBe('2 * 3 = 6 e 4 * 5');
    expect(html('snake_case_name')).toBe('snake_case_name');
    expect(html('<b>x</b> *<i>y</i>*')).toBe('&lt;b&gt;x&lt;/b&gt; <strong>&lt;i&gt;y&lt;/i&gt;</strong>');
  });
});
