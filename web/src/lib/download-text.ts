/** Saves the text as a file through the browser's download (an export the page built: CSV, a report). */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves a file the page holds (one it built, or one the server sent: a PDF report) through the browser's download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data; the object URL can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
