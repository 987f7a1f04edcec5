/**
 * Starts the download of a file the API streams (Content-Disposition: attachment) by following a
 * link to it, so the browser writes it straight to disk: never fetched into memory, never a Blob.
 */
export function startDownload(url: string, fileName?: string): void {
  const link = document.createElement("a");
  link.href = url;
  if (fileName) link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}
