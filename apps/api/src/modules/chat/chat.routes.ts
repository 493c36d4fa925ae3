import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_BODY_MAX,
  CHAT_MESSAGES,
  chatFileParams,
  chatHistoryQuery,
  chatHistorySchema,
  chatListSchema,
  chatMessageSchema,
  chatSinceQuery,
  chatSinceSchema,
  markReadInput,
  markReadResultSchema,
  broadcastInput,
  broadcastResultSchema,
  sendMessageInput,
} from '@kikstart/contract/chat';
import { optionalText, uuidParam } from '@kikstart/contract/common';
import { viewerLinkQuery } from '@kikstart/contract/files';
import { ok, okResponse } from '../../lib/envelope.ts';
import { multipartBody } from '../../lib/multipart-body.ts';
import { currentUser, perUserRateLimit, requireUser, signedInUser } from '../../plugins/auth.ts';
import * as chatService from './chat.service.ts';
import * as chatFiles from './chat-files.ts';

/** The attachment form: the conversation, an optional caption, the file (checked by its bytes). */
const attachmentForm = multipartBody({
  fields: z.object({ conversationId: uuidParam, text: optionalText(CHAT_BODY_MAX) }),
  files: { file: 'attachment' },
  required: { file: CHAT_MESSAGES.fileRequired },
});

/**
 * Chat (issue 17): a family with the office and with their children's coaches. Every route is for
 * members only (modules/chat/chat-access.ts); messages also reach open sockets (plugins/realtime.ts).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['chat'];
  const onRequest = requireUser();
  const context = (request: Parameters<typeof currentUser>[0]) => ({
    db: app.db,
    user: currentUser(request),
    now: app.clock.now(),
    fileSecret: app.files.secret,
  });
  // A person types; a script floods. Per signed-in user, so a shared school address is no problem.
  const sendLimit = { rateLimit: perUserRateLimit(60, '1 minute') };

  app.get(
    '/chat/list',
    {
      onRequest,
      schema: {
        tags,
        summary: 'My conversations, most recent first, each with its last message and unread count',
        response: okResponse(chatListSchema),
      },
    },
    async (request) => ok(await chatService.listConversations(context(request))),
  );

  app.get(
    '/chat/history',
    {
      onRequest,
      schema: {
        tags,
        summary: "A conversation's messages, newest first; pass nextCursor as `before` for older ones",
        querystring: chatHistoryQuery,
        response: okResponse(chatHistorySchema),
      },
    },
    async (request) => ok(await chatService.history({ ...context(request), ...request.query })),
  );

  app.get(
    '/chat/since',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Messages of all my conversations after a message id (what a reconnecting client missed)',
        querystring: chatSinceQuery,
        response: okResponse(chatSinceSchema),
      },
    },
    async (request) => ok(await chatService.messagesSince({ ...context(request), ...request.query })),
  );

  app.post(
    '/chat/send',
    {
      onRequest,
      config: sendLimit,
      schema: { tags, summary: 'Send a message', body: sendMessageInput, response: okResponse(chatMessageSchema) },
    },
    async (request) => ok(await chatService.sendMessage({ ...context(request), ...request.body }), CHAT_MESSAGES.sent),
  );

  app.post(
    '/chat/program-message',
    {
      onRequest: requireUser('coach'),
      config: sendLimit,
      schema: {
        tags,
        summary: "A coach's message to every family of a program, copied into each family's own conversation",
        body: broadcastInput,
        response: okResponse(broadcastResultSchema),
      },
    },
    async (request) => {
      const result = await chatService.sendBroadcast({ ...context(request), ...request.body });
      return ok(result, CHAT_MESSAGES.sentToProgram(result.families));
    },
  );

  app.post(
    '/chat/read',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Mark a conversation read up to a message',
        body: markReadInput,
        response: okResponse(markReadResultSchema),
      },
    },
    async (request) => ok(await chatService.markRead({ ...context(request), ...request.body }), CHAT_MESSAGES.read),
  );

  // multipart/form-data: conversationId, text (optional caption), file (JPEG/PNG re-encoded, or PDF/DOC/DOCX/XLSX).
  app.post(
    '/chat/file/upload',
    {
      onRequest,
      config: sendLimit,
      preValidation: attachmentForm.preValidation,
      schema: {
        tags,
        summary: 'Send a file into a conversation (multipart: conversationId, text, file)',
        consumes: ['multipart/form-data'],
        response: okResponse(chatMessageSchema),
      },
    },
    async (request) => {
      const { conversationId, text, file } = attachmentForm.body(request);
      return ok(
        await chatFiles.sendAttachment({
          ...context(request),
          files: app.files,
          conversationId,
          text: text ?? '',
          file,
        }),
        CHAT_MESSAGES.sent,
      );
    },
  );

  app.get(
    '/chat/file/:name',
    {
      schema: {
        tags,
        summary:
          'An attachment: with the link from a message, signed for its reader, or the access-token header of a member',
        params: chatFileParams,
        querystring: viewerLinkQuery,
      },
    },
    async (request, reply) => {
      const file = await chatFiles.openAttachment({
        db: app.db,
        now: app.clock.now(),
        files: app.files,
        user: request.user,
        signedIn: await signedInUser(app, request),
        ...request.params,
        ...request.query,
      });
      return reply
        .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
        .header('content-disposition', file.disposition)
        .type(file.mime)
        .send(file.bytes);
    },
  );
};
