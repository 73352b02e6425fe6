/** Saving bytes as a file in the browser: a response (backups, logs, OCDS) or text made here. */

/** Hands a Blob to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A response body as a file: the server names it in Content-Disposition. */
export async function saveResponse(response: Response, fallbackName: string) {
  const disposition = response.headers.get("content-disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(await response.blob(), name);
}

/** Text produced in the browser as a file (recovery codes, the data export). */
export function downloadFile(content: string, filename: string, type: string) {
  saveBlob(new Blob([content], { type }), filename);
}
