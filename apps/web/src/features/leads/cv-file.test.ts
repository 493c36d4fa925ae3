import { describe, expect, it } from 'vitest';
import { CV_MAX_BYTES, CV_MESSAGES, checkCvFile, formatFileSize } from './cv-file.ts';

describe('checkCvFile', () => {
  it('accepts pdf, doc, docx and xlsx in any letter case', () => {
    for (const name of ['cv.pdf', 'cv.DOC', 'My CV.docx', 'sheet.Xlsx']) expect(checkCvFile({ name, size: 2048 })).toBeNull();
  });
  it('refuses other types and names without an extension', () => {
    for (const name of ['photo.png', 'cv.pdf.exe', 'cv', 'notes.txt', 'old.xls']) expect(checkCvFile({ name, size: 2048 })).toBe(CV_MESSAGES.type);
  });
  it('refuses empty files and files over the API limit', () => {
    expect(checkCvFile({ name: 'cv.pdf', size: 0 })).toBe(CV_MESSAGES.empty);
    expect(checkCvFile({ name: 'cv.pdf', size: CV_MAX_BYTES })).toBeNull();
    expect(checkCvFile({ name: 'cv.pdf', size: CV_MAX_BYTES + 1 })).toBe(CV_MESSAGES.size);
  });
});

describe('formatFileSize', () => {
  it('uses B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.5 * 1024 * 1024)).toBe('3.5 MB');
  });
});
