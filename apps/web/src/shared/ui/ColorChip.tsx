import { Chip, type ChipProps } from '@mui/material';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG relative luminance of a #rgb / #rrggbb colour. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever contrasts more with `bg` (a company's queue yellow gets black text, its navy white). */
export function textOn(bg: string): '#000' | '#fff' {
  const l = luminance(bg);
  // contrast with white (1.05 / (l + .05)) against contrast with black ((l + .05) / .05)
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

/**
 * A chip in a colour a company chose (queue, tag, attendant), its text readable on it; without a colour (no queue, a
 * colour the server did not validate) an outlined chip in the theme's own colours — readable in light and dark.
 */
export function ColorChip({ bg, sx, ...props }: Omit<ChipProps, 'color'> & { bg?: string | null }) {
  if (!bg || !HEX.test(bg)) return <Chip variant="outlined" {...props} sx={sx} />;
  return <Chip {...props} sx={[{ bgcolor: bg, color: textOn(bg) }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
