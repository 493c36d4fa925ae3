/** A file in a multipart form: the form field, the name the browser sends, its declared type. */
export interface FilePart {
  field: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** Browsers escape these in a part's name and filename (the HTML form-data encoding). */
const escapeName = (value: string) => value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/**
 * A multipart/form-data body as a browser's FormData sends it: text fields first, then the
 * files, in order. Returns what `app.inject` takes (`payload` and the content-type header).
 */
export function multipartForm(fields: Record<string, string>, files: FilePart | FilePart[] = []) {
  const boundary = `----kikstart${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of Array.isArray(files) ? files : [files]) {
    const disposition = `form-data; name="${escapeName(file.field)}"; filename="${escapeName(file.filename)}"`;
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
