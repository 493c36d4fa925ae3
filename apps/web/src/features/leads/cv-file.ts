/**
 * The CV upload's client-side check (spec §5: documents pdf, doc, docx and xlsx). Same limits
 * as the API (MAX_DOCUMENT_BYTES in apps/api/src/lib/uploads.ts), which also checks the bytes.
 */
export const CV_EXTENSIONS = ['pdf', 'doc', 'docx', 'xlsx'] as const;
export const CV_MAX_BYTES = 10 * 1024 * 1024;

/** The file input's accept attribute: extensions plus their MIME types. */
export const CV_ACCEPT = [
  '.pdf',
  '.doc',
  '.docx',
  '.xlsx',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
].join(',');

export const CV_MESSAGES = {
  type: 'Please choose a PDF, DOC, DOCX or XLSX file',
  size: `The file is too large (at most ${CV_MAX_BYTES / 1024 / 1024} MB)`,
  empty: 'The file is empty',
} as const;

/** null when the file may be sent, otherwise the message to show under the field. */
export function checkCvFile(file: { name: string; size: number }): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(CV_EXTENSIONS as readonly string[]).includes(ext)) return CV_MESSAGES.type;
  if (file.size === 0) return CV_MESSAGES.empty;
  if (file.size > CV_MAX_BYTES) return CV_MESSAGES.size;
  return null;
}

/** 2048 → "2 KB", for the chosen file's caption. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
