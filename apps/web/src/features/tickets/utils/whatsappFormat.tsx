import type { ReactNode } from 'react';

/**
 * WhatsApp's inline formatting, as the customer's phone shows it: *bold*, _italic_, ~strike~ and ```monospace```.
 * Returns React nodes (never HTML): a marker pair encloses text on one line, without spaces right inside it, and
 * stands at word boundaries (snake_case_name stays as it is).
 */
const TOKEN =
  /(?<![\p{L}\p{N}])(?:```([^`]+)```|\*([^*\n\s](?:[^*\n]*[^*\n\s])?)\*|_([^_\n\s](?:[^_\n]*[^_\n\s])?)_|~([^~\n\s](?:[^~\n]*[^~\n\s])?)~)(?![\p{L}\p{N}])/gu;
/```([^`]+)```|\*([^*\n\s](?:[^*\n]*[^*\n\s])?)\*|_([^_\n\s](?:[^_\n]*[^_\n\s])?)_|~([^~\n\s](?:[^~\n]*[^~\n\s])?)~/g;

export function formatWhatsapp(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const m of text.matchAll(TOKEN)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const [, mono, bold, italic, strike] = m;
    if (mono !== undefined) out.push(<code key={key++}>{mono}</code>);
    else if (bold !== undefined) out.push(<strong key={key++}>{bold}</strong>);
    else if (italic !== undefined) out.push(<em key={key++}>{italic}</em>);
    else out.push(<s key={key++}>{strike}</s>);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
