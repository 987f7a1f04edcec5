/**
 * Generated SVG covers for categories and products (the demo catalogue ships no photographs).
 * Deterministic: the same id and title always give the same picture.
 *
 * A cover holds no words: the card, the product page and the cart line each name the product next
 * to it, and an SVG's `<text>` is laid out and shaped on the browser's main thread for every
 * picture, in whatever font the device has (decision 052). The name and the label are the
 * picture's `<title>`, for a cover opened on its own.
 */
const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** A paw print, the portal's motif. */
const PAW =
  '<g fill="#fff" fill-opacity=".9"><ellipse cx="0" cy="18" rx="22" ry="18"/><ellipse cx="-24" cy="-10" rx="8" ry="11"/>' +
  '<ellipse cx="-8" cy="-22" rx="8" ry="11"/><ellipse cx="10" cy="-22" rx="8" ry="11"/><ellipse cx="26" cy="-10" rx="8" ry="11"/></g>';

export function renderCover(id: number, title: string, label: string): string {
  const hue = (id * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
<title>${escapeXml(`${title}, ${label}`)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 30%)"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="330" cy="70" r="110" fill="#fff" fill-opacity=".07"/><circle cx="60" cy="360" r="90" fill="#fff" fill-opacity=".06"/>
<g transform="translate(200 205) scale(2.2)">${PAW}</g>
</svg>`;
}
