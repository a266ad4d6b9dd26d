/** Saves the text as a file through the browser's download (an export the page built: CSV, a report). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data; the object URL can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
