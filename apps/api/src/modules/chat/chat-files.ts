import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@kikstart/db';
import { CHAT_MESSAGES } from '@kikstart/contract/chat';
import { AppError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { checkSignedLink } from '../../lib/signed-urls.ts';
import { removeStoredFile, storeUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../auth/sessions.service.ts';
import { memberConversation, rowsOf, sideIn, type ConversationRef } from './chat-access.ts';
import { attachmentLinkSubject, sendMessage, type ChatContext } from './chat.service.ts';

/** Attachments live under `$DATA_DIR/private/chat` (decision 0035), never under /uploads. */
export const CHAT_FILES_FOLDER = 'chat';

/**
 * Sends a file (checked by its bytes and re-encoded if a picture, by the multipart reader) into a
 * conversation. Membership is checked before the file is written; a refused send deletes it.
 */
export async function sendAttachment(
  opts: ChatContext & { files: { dir: string }; conversationId: string; text: string; file: UploadedFile },
) {
  const conversation = await memberConversation(opts.db, opts.user, opts.conversationId);
  if (!conversation.canSend) throw new AppError('FORBIDDEN', CHAT_MESSAGES.closed);
  const path = await storeUpload(opts.files.dir, CHAT_FILES_FOLDER, opts.file);
  try {
    return await sendMessage({
      ...opts,
      body: opts.text,
      attachment: { path, name: opts.file.originalName, mime: opts.file.mime, bytes: opts.file.bytes.length },
    });
  } catch (error) {
    await removeStoredFile(opts.files.dir, path);
    throw error;
  }
}

/** A signed-in member without a link may keep the file this long. */
const HEADER_AUTH_MAX_AGE = 300;

const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * An attachment for one viewer: the signed link from a message (only members are given one, each
 * for themselves), or the header of a signed-in member. A link asked for by someone else signed
 * in (`signedIn`, by header or cookie) is refused. Not a member, or no such file: 404, so names
 * leak nothing.
 */
export async function openAttachment(opts: {
  db: Db;
  now: Date;
  files: { dir: string; secret: string };
  user: AuthUser | null;
  signedIn: AuthUser | null;
  name: string;
  v?: string;
  expires?: number;
  signature?: string;
}) {
  const path = `${CHAT_FILES_FOLDER}/${opts.name}`;
  let maxAgeSeconds = HEADER_AUTH_MAX_AGE;
  const [row] = rowsOf<ConversationRef & { fileName: string | null }>(
    await opts.db.execute(sql`
      select c.id, c.family_id as "familyId", c.coach_id as "coachId", m.attachment_name as "fileName"
      from chat_messages m join chat_conversations c on c.id = m.conversation_id
      where m.attachment_path = ${path} limit 1`),
  );
  if (opts.signature !== undefined || opts.expires !== undefined || opts.v !== undefined) {
    const subject = attachmentLinkSubject(path, opts.v ?? '');
    const check = checkSignedLink(opts.files.secret, subject, opts.expires ?? 0, opts.signature ?? '', opts.now);
    if (!check.ok)
      throw new AppError(
        'FORBIDDEN',
        check.reason === 'expired' ? CHAT_MESSAGES.linkExpired : CHAT_MESSAGES.linkInvalid,
      );
    if (opts.signedIn && opts.signedIn.id !== opts.v) throw new AppError('NOT_FOUND', CHAT_MESSAGES.fileNotFound);
    maxAgeSeconds = Math.max(0, Math.floor((check.expiresAt - opts.now.getTime()) / 1000));
  } else if (!opts.user) {
    throw new AppError('FORBIDDEN', CHAT_MESSAGES.linkInvalid);
  } else if (!row || !sideIn(opts.user, row)) {
    throw new AppError('NOT_FOUND', CHAT_MESSAGES.fileNotFound);
  }
  if (!row) throw new AppError('NOT_FOUND', CHAT_MESSAGES.fileNotFound);
  const bytes = await readFile(join(opts.files.dir, path)).catch(() => {
    throw new AppError('NOT_FOUND', CHAT_MESSAGES.fileNotFound);
  });
  const extension = opts.name.split('.').pop()!;
  const mime = DOCUMENT_TYPES[extension] ?? 'application/octet-stream';
  const isImage = mime.startsWith('image/');
  // Documents download (never rendered inside the site); the name is the one the sender's file had.
  const fileName = encodeURIComponent(row.fileName ?? opts.name);
  const disposition = isImage ? 'inline' : `attachment; filename*=UTF-8''${fileName}`;
  return { bytes, mime, maxAgeSeconds, disposition };
}
