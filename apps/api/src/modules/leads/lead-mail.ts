/** Subjects carry visitor text; keep them to one line so no header tricks reach the mailer. */
export const oneLine = (s: string, max = 80) => {
  const flat = s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** "Label: value" lines for a staff summary; empty values are left out. */
export const summary = (fields: Record<string, string | null | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => `${k}: ${v}`);

/** Greets the visitor by the first word of their name, capped, in acknowledgement mails. */
export const greeting = (name: string) => `Hi ${oneLine(name.split(/\s+/)[0] ?? name, 40)},`;
