import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, UPLOAD_KINDS, UPLOAD_MESSAGES, megabytes, uploadAccept, uploadProblem } from './uploads.ts';

describe('upload limits (spec §5)', () => {
  it('images are JPEG or PNG up to 5 MB; documents PDF, DOC, DOCX or XLSX up to 10 MB', () => {
    expect(UPLOAD_KINDS.image.maxBytes).toBe(5 * 1024 * 1024);
    expect(Object.values(UPLOAD_KINDS.image.detected).sort()).toEqual(['jpg', 'png']);
    expect(UPLOAD_KINDS.document.maxBytes).toBe(10 * 1024 * 1024);
    expect(Object.values(UPLOAD_KINDS.document.detected).sort()).toEqual(['doc', 'docx', 'pdf', 'xlsx']);
    expect(MAX_UPLOAD_BYTES).toBe(UPLOAD_KINDS.document.maxBytes);
  });

  it('the browser check and the API share the size message and the limit', () => {
    const max = UPLOAD_KINDS.image.maxBytes;
    expect(uploadProblem('image', { name: 'a.png', type: 'image/png', size: max })).toBeNull();
    expect(uploadProblem('image', { name: 'a.png', type: 'image/png', size: max + 1 })).toBe(
      UPLOAD_MESSAGES.tooLarge('image'),
    );
    expect(UPLOAD_MESSAGES.tooLarge('image')).toBe('The file is too large (at most 5 MB)');
    expect(uploadProblem('document', { name: 'cv.pdf', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
  });

  it('accepts a known type or a known extension (browsers report some documents with no type)', () => {
    expect(uploadProblem('document', { name: 'My CV.DOCX', type: '', size: 10 })).toBeNull();
    expect(uploadProblem('document', { name: 'cv', type: 'application/pdf', size: 10 })).toBeNull();
    expect(uploadProblem('document', { name: 'cv.pdf.exe', type: '', size: 10 })).toBe(UPLOAD_KINDS.document.choose);
    expect(uploadProblem('image', { name: 'photo.gif', type: 'image/gif', size: 10 })).toBe(UPLOAD_KINDS.image.choose);
  });

  it('writes the accept attribute, hints and limits in whole megabytes, never understating', () => {
    expect(uploadAccept('image')).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
    expect(UPLOAD_MESSAGES.hint('document')).toBe('PDF, DOC, DOCX or XLSX, up to 10 MB');
    expect(megabytes(10 * 1024 * 1024 + 256 * 1024)).toBe(11);
    expect(UPLOAD_MESSAGES.wrongType('image')).toBe('The file must be a JPEG or PNG image');
  });
});
