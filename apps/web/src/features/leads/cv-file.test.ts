import { describe, expect, it } from 'vitest';
import { UPLOAD_KINDS, UPLOAD_MESSAGES } from '@kikstart/contract/uploads';
import { checkCvFile, formatFileSize } from './cv-file.ts';

const CV_MAX_BYTES = UPLOAD_KINDS.document.maxBytes;

describe('checkCvFile', () => {
  it('accepts pdf, doc, docx and xlsx in any letter case', () => {
    for (const name of ['cv.pdf', 'cv.DOC', 'My CV.docx', 'sheet.Xlsx'])
      expect(checkCvFile({ name, size: 2048 })).toBeNull();
  });
  it('refuses other types and names without an extension', () => {
    for (const name of ['photo.png', 'cv.pdf.exe', 'cv', 'notes.txt', 'old.xls'])
      expect(checkCvFile({ name, size: 2048 })).toBe('Please choose a PDF, DOC, DOCX or XLSX file');
  });
  it('refuses empty files and files over the API limit', () => {
    expect(checkCvFile({ name: 'cv.pdf', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
    expect(checkCvFile({ name: 'cv.pdf', size: CV_MAX_BYTES })).toBeNull();
    expect(checkCvFile({ name: 'cv.pdf', size: CV_MAX_BYTES + 1 })).toBe('The file is too large (at most 10 MB)');
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
