/**
 * Generated SVG covers for categories and products (the demo catalogue ships no photographs).
 * Deterministic: the same id and title always give the same picture.
 */
const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line ? `${line} ${word}` : word).length > width && line) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** A paw print, the portal's motif. */
const PAW =
  '<g fill="#fff" fill-opacity=".9"><ellipse cx="0" cy="18" rx="22" ry="18"/><ellipse cx="-24" cy="-10" rx="8" ry="11"/>' +
  '<ellipse cx="-8" cy="-22" rx="8" ry="11"/><ellipse cx="10" cy="-22" rx="8" ry="11"/><ellipse cx="26" cy="-10" rx="8" ry="11"/></g>';

export function renderCover(id: number, title: string, label: string): string {
  const hue = (id * 47) % 360;
  const lines = wrap(title, 20, 4);
  const text = lines
    .map((l, i) => `<text x="200" y="${228 + i * 30}" text-anchor="middle">${escapeXml(l)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 42%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 60% 30%)"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
<circle cx="330" cy="70" r="110" fill="#fff" fill-opacity=".07"/><circle cx="60" cy="360" r="90" fill="#fff" fill-opacity=".06"/>
<g transform="translate(200 120)">${PAW}</g>
<g font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#fff">${text}</g>
<text x="200" y="372" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="14" letter-spacing="3" fill="#fff" fill-opacity=".8">${escapeXml(label.toUpperCase())}</text>
</svg>`;
}
