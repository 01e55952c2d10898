/** A person's name for a browser's user agent: "Chrome · Windows"; '' when nothing is recognised. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrome\//],
      ['Safari', /Safari\//],
    ].find(([, re]) => (re as RegExp).test(userAgent))?.[0] ?? '';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, re]) => (re as RegExp).test(userAgent))?.[0] ?? '';
  return [browser, system].filter(Boolean).join(' · ');
}
