/** Saves a downloaded file under `fileName` (the token travels as a header, so a plain link cannot fetch it). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Today as YYYY-MM-DD, for export file names. */
export const todayStamp = () => new Date().toISOString().slice(0, 10);
