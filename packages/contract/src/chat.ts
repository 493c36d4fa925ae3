import { z } from 'zod';
import { requiredText, uuidParam } from './common.ts';

/**
 * Chat (issue 17, spec §1 and §9): a family talks with the coach of any program a child of theirs
 * is enrolled in (a live enrollment) and with the office (the admins). A coach's program-wide
 * message is copied into each family's own conversation. Rules, limits and messages, once.
 */

export const CHAT_BODY_MAX = 2000;
export const CHAT_HISTORY_PAGE = 30;
export const CHAT_HISTORY_PAGE_MAX = 100;
/** The most missed messages one reconnect replays; with more, the client reloads the list. */
export const CHAT_CATCH_UP_MAX = 200;
/** A member who has not read a message this long after it arrived gets one mail per conversation. */
export const CHAT_UNREAD_MAIL_MINUTES = 15;
/** The socket must say who it is this soon after connecting, or it is closed. */
export const CHAT_AUTH_TIMEOUT_MS = 10_000;
/** The WebSocket route (under the API base). */
export const CHAT_SOCKET_PATH = '/chat/socket';

export const CHAT_KINDS = ['coach', 'office'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const CHAT_MESSAGES = {
  bodyRequired: 'Write a message',
  conversationNotFound: 'Conversation not found',
  programNotFound: 'Program not found',
  /** A coach conversation whose family has no live enrollment in the coach's programs any more. */
  closed: 'This conversation is closed: no child of this family is enrolled in this coach’s programs now',
  noFamilies: 'No family is enrolled in this program yet',
  fileRequired: 'Choose a file to send',
  fileNotFound: 'File not found',
  linkInvalid: 'This file link is not valid',
  linkExpired: 'This file link has expired; reload the conversation',
  sent: 'Message sent',
  sentToProgram: (families: number) => `Message sent to ${families} ${families === 1 ? 'family' : 'families'}`,
  read: 'Marked as read',
  socketAuth: 'Sign in again to receive new messages',
} as const;

/** The office's name in a family's list. */
export const OFFICE_NAME = 'KikStart Office';

export const chatBodyField = requiredText(CHAT_MESSAGES.bodyRequired, CHAT_BODY_MAX, { lines: true });

export const chatAttachmentSchema = z.object({
  name: z.string(),
  mime: z.string(),
  bytes: z.number().int(),
  isImage: z.boolean(),
  /** A link signed for this reader that works for 5 to 10 minutes (decision 0035); only members are given one. */
  url: z.string(),
});

export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.string(),
  senderName: z.string(),
  /** Sent by the reader's side (their own or their family's or staff's): never unread for them. */
  mine: z.boolean(),
  side: z.enum(['family', 'staff']),
  body: z.string(),
  /** The program a coach's program-wide message went to. */
  programTitle: z.string().nullable(),
  attachment: chatAttachmentSchema.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** Who the reader talks to: the coach's name, the office, or the family's guardians. */
  title: z.string(),
  /** The programs that link the family and the coach, or the children's names for staff. */
  subtitle: z.string(),
  canSend: z.boolean(),
  unread: z.number().int(),
  lastMessage: z
    .object({
      id: z.number().int(),
      preview: z.string(),
      senderName: z.string(),
      mine: z.boolean(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const chatListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** The header's number: every unread message of every conversation (spec §3's global counter). */
  unreadTotal: z.number().int(),
});
export type ChatList = z.infer<typeof chatListSchema>;

const cursorField = z.coerce
  .number({ error: 'Must be a message id' })
  .int('Must be a message id')
  .min(0, 'Must be a message id')
  .max(Number.MAX_SAFE_INTEGER, 'Must be a message id');

export const chatHistoryQuery = z.object({
  conversationId: uuidParam,
  /** Messages older than this id (the previous page's nextCursor). */
  before: cursorField.optional(),
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(CHAT_HISTORY_PAGE_MAX, `Must be at most ${CHAT_HISTORY_PAGE_MAX}`)
    .default(CHAT_HISTORY_PAGE),
});

export const chatHistorySchema = z.object({
  conversation: conversationSchema,
  /** Newest first. */
  messages: z.array(chatMessageSchema),
  /** Pass as `before` for the next (older) page; null when this was the oldest. */
  nextCursor: z.number().int().nullable(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

export const chatSinceQuery = z.object({ after: cursorField });
export const chatSinceSchema = z.object({
  /** Oldest first, at most CHAT_CATCH_UP_MAX. */
  messages: z.array(chatMessageSchema),
  /** More were missed than one answer holds: reload the list and the open thread. */
  more: z.boolean(),
});

export const sendMessageInput = z.object({ conversationId: uuidParam, body: chatBodyField });
export const broadcastInput = z.object({ programId: uuidParam, body: chatBodyField });
export const broadcastResultSchema = z.object({ families: z.number().int(), messageIds: z.array(z.number()) });
export type BroadcastResult = z.infer<typeof broadcastResultSchema>;
export const markReadInput = z.object({ conversationId: uuidParam, upTo: cursorField });
export const markReadResultSchema = z.object({ unreadTotal: z.number().int() });
export type MarkReadResult = z.infer<typeof markReadResultSchema>;

/** GET /chat/file/:name — the stored name of an attachment. */
export const chatFileParams = z.object({
  name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|pdf|doc|docx|xlsx)$/, CHAT_MESSAGES.fileNotFound),
});

/** What the client sends first over the socket (never the token in the URL). */
export const socketHelloSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(200),
  /** The newest message id the client has; the server replays what came after. */
  after: cursorField.optional(),
});

/** What the server sends over the socket. */
export type ChatSocketEvent =
  | { type: 'ready'; unreadTotal: number }
  | { type: 'message'; message: ChatMessage }
  | { type: 'read'; conversationId: string; unreadTotal: number }
  /** The server missed notifications (a lost database connection): fetch what was missed. */
  | { type: 'resync' }
  | { type: 'error'; message: string };

/** Close codes of the chat socket (4000–4999 are the application's). */
export const SOCKET_CLOSE = {
  unauthorized: 4401,
  forbiddenOrigin: 4403,
  badMessage: 4400,
  /** The server is restarting (RFC 6455's 1012): the client connects again and catches up. */
  serverRestart: 1012,
} as const;

/** Avatar initials (spec §9): the first letters of the first and third words of a name. */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letter = (w: string | undefined) => (w ? [...w][0]!.toUpperCase() : '');
  return `${letter(words[0])}${letter(words[2])}`;
}

/**
 * Chat timestamps (spec §9), in the reader's time zone: today 'h:mm AM/PM', yesterday
 * 'Yesterday', otherwise 'D MMM YYYY'.
 */
export function chatTimestamp(at: Date, now: Date): string {
  const day = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
  if (day(at) === day(now)) {
    const h = at.getHours() % 12 || 12;
    return `${h}:${String(at.getMinutes()).padStart(2, '0')} ${at.getHours() < 12 ? 'AM' : 'PM'}`;
  }
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (day(at) === day(yesterday)) return 'Yesterday';
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${at.getDate()} ${months[at.getMonth()]} ${at.getFullYear()}`;
}
