import { uploadAccept, uploadProblem } from '@kikstart/contract/uploads';

/** The CV upload's client-side check: the contract's document rule (spec §5); the API checks the bytes again. */
export const CV_ACCEPT = uploadAccept('document');

/** null when the file may be sent, otherwise the message to show under the field. */
export const checkCvFile = (file: { name: string; type?: string; size: number }) => uploadProblem('document', file);

/** 2048 → "2 KB", for the chosen file's caption. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
