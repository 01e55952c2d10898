/** Distinct colours offered to a new queue, in order (the first queue keeps the old default). */
const PALETTE = [
  '#2196f3',
  '#4caf50',
  '#ff9800',
  '#9c27b0',
  '#f44336',
  '#009688',
  '#3f51b5',
  '#e91e63',
  '#795548',
  '#607d8b',
  '#cddc39',
  '#00bcd4',
  '#ffc107',
  '#673ab7',
  '#8bc34a',
  '#ff5722',
];

const hex = (n: number) =>
  Math.round(n * 255)
    .toString(16)
    .padStart(2, '0');

/** HSL (hue in degrees, s and l in 0..1) as #rrggbb. */
function hslToHex(h: number, s: number, l: number) {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/**
 * The colour offered to a new queue: the first of the palette no queue of the company uses (a company's queue
 * colours are unique, compared without case), then hues spread by the golden angle once the palette is spent.
 */
export function unusedColor(used: readonly string[]): string {
  const taken = new Set(used.map((c) => c.trim().toLowerCase()));
  const free = PALETTE.find((c) => !taken.has(c));
  if (free) return free;
  for (let i = 0; ; i++) {
    const candidate = hslToHex((i * 137.508) % 360, 0.65, 0.5);
    if (!taken.has(candidate)) return candidate;
  }
}
