/**
 * Upload limits (spec §5 Uploads), once for the API and the web app: the size and accepted
 * types of each kind of file, and the messages. The web's check is a courtesy before sending;
 * the API judges the bytes (file-type), whatever the name or declared type says. Imports nothing.
 */

const MB = 1024 * 1024;

export interface UploadKindRule {
  /** Largest file the API keeps. */
  maxBytes: number;
  /** Types the API accepts, as file-type detects them from the bytes, with the extension stored. */
  detected: Readonly<Record<string, string>>;
  /** Types and extensions a browser may report for a chosen file (the web's first check and `accept`). */
  browserTypes: readonly string[];
  extensions: readonly string[];
  /** 'JPEG or PNG', for hints. */
  names: string;
  /** 'a JPEG or PNG image', for the API's refusal. */
  label: string;
  /** Shown under the field when the chosen file is of the wrong type. */
  choose: string;
}

export const UPLOAD_KINDS = {
  /** Child photos, parent avatars, program and coach pictures (re-encoded by the API). */
  image: {
    maxBytes: 5 * MB,
    detected: { 'image/jpeg': 'jpg', 'image/png': 'png' },
    browserTypes: ['image/jpeg', 'image/png'],
    extensions: ['jpg', 'jpeg', 'png'],
    names: 'JPEG or PNG',
    label: 'a JPEG or PNG image',
    choose: 'Choose a JPEG or PNG image',
  },
  /** Coach CVs and other documents. */
  document: {
    maxBytes: 10 * MB,
    detected: {
      'application/pdf': 'pdf',
      // .doc files are OLE compound files; file-type reports the container.
      'application/x-cfb': 'doc',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    },
    browserTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    extensions: ['pdf', 'doc', 'docx', 'xlsx'],
    names: 'PDF, DOC, DOCX or XLSX',
    label: 'a PDF, DOC, DOCX or XLSX document',
    choose: 'Please choose a PDF, DOC, DOCX or XLSX file',
  },
  /** Chat attachments: a picture (re-encoded like every image) or a document. */
  attachment: {
    maxBytes: 10 * MB,
    detected: {
      'image/jpeg': 'jpg',
      'image/png': 'png',
      'application/pdf': 'pdf',
      'application/x-cfb': 'doc',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
    },
    browserTypes: [
      'image/jpeg',
      'image/png',
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    extensions: ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'xlsx'],
    names: 'JPEG, PNG, PDF, DOC, DOCX or XLSX',
    label: 'a JPEG or PNG image or a PDF, DOC, DOCX or XLSX document',
    choose: 'Choose a JPEG or PNG image or a PDF, DOC, DOCX or XLSX document',
  },
} as const satisfies Record<string, UploadKindRule>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The multipart parser's per-file ceiling: the largest of the kinds (each is then held to its own). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_KINDS).map((k) => k.maxBytes));

/** Whole megabytes, rounded up, for messages ('at most 6 MB' never understates a limit). */
export const megabytes = (bytes: number) => Math.ceil(bytes / MB);

export const UPLOAD_MESSAGES = {
  empty: 'The file is empty',
  /** Starts like a JPEG or PNG but does not decode (truncated, corrupt, or too many pixels). */
  unreadableImage: 'The image could not be read; try another file',
  /** The API's answer when the bytes are not of the kind. */
  wrongType: (kind: UploadKind) => `The file must be ${UPLOAD_KINDS[kind].label}`,
  tooLarge: (kind: UploadKind) => `The file is too large (at most ${megabytes(UPLOAD_KINDS[kind].maxBytes)} MB)`,
  /** A multipart body over the sum of its files' limits, refused before it is read. */
  formTooLarge: (bytes: number) => `The form is too large (at most ${megabytes(bytes)} MB)`,
  /** 'JPEG or PNG, up to 5 MB', for a field's hint. */
  hint: (kind: UploadKind) => `${UPLOAD_KINDS[kind].names}, up to ${megabytes(UPLOAD_KINDS[kind].maxBytes)} MB`,
} as const;

/** The file input's `accept` attribute: the extensions and the browser types. */
export const uploadAccept = (kind: UploadKind) =>
  [...UPLOAD_KINDS[kind].extensions.map((e) => `.${e}`), ...UPLOAD_KINDS[kind].browserTypes].join(',');

/**
 * Why the browser should not send this file, or null when it may: a type or an extension of
 * the kind (browsers report some documents with an empty type), not empty, within the size.
 */
export function uploadProblem(kind: UploadKind, file: { name?: string; type?: string; size: number }): string | null {
  const rule: UploadKindRule = UPLOAD_KINDS[kind];
  const name = file.name ?? '';
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (!rule.browserTypes.includes(file.type ?? '') && !rule.extensions.includes(extension)) return rule.choose;
  if (file.size === 0) return UPLOAD_MESSAGES.empty;
  if (file.size > rule.maxBytes) return UPLOAD_MESSAGES.tooLarge(kind);
  return null;
}
