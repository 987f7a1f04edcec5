/**
 * Cells that a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) get a leading
 * apostrophe, so an exported product named "=HYPERLINK(...)" stays inert text (OWASP CSV injection).
 */
export function neutralizeCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
