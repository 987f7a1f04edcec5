import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "./api-client.ts";

/*
 * The web's one way to save a file the API sends (reports, products, allocations, the audit
 * trail): either follow a link to a file the API streams, or post a request and save its CSV under
 * the server's name.
 */

/**
 * Starts the download of a file at `url` (a streamed export, or a Blob's object URL) by following
 * a link to it, so the browser writes it to disk.
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

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentName(response: Response): string | undefined {
  return /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
}

/** POSTs `body` to `path` asking for CSV, and saves the answer under the server's name (else `fallbackName`). */
export function downloadCsv(path: string, body: unknown, fallbackName: string): Promise<void> {
  return downloadFile(path, body, "text/csv", fallbackName);
}

/** POSTs `body` to `path` asking for `accept` (a CSV, a PDF), and saves the answer under the server's name. */
export async function downloadFile(path: string, body: unknown, accept: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(path, { body, accept });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  startDownload(url, attachmentName(response) ?? fallbackName);
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A CSV export as a mutation (its pending state drives the button); a failure gets the global error toast. */
export function useCsvDownload<Body>(path: string, fallbackName: string) {
  return useMutation({ mutationFn: (body: Body) => downloadCsv(path, body, fallbackName) });
}
