import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@kikstart/contract/chat';
import type { Envelope } from '@kikstart/contract/common';
import { ACCESS_TOKEN_HEADER, API_BASE_URL, ApiError } from '../../../lib/api-client.ts';
import { getAuthToken } from '../../../lib/cookies.ts';
import { FALLBACK_ERROR_MESSAGE } from '../../../lib/messages.ts';
import { notify } from '../../../lib/notifications.ts';
import { addMessageToHistory } from './get-chat-history.ts';
import { chatListQueryKey } from './get-chat-list.ts';

export interface UploadInput {
  conversationId: string;
  file: File;
  text: string;
  /** 0–100 while the bytes go up. */
  onProgress: (percent: number) => void;
}

/**
 * POST /api/chat/file/upload (multipart). XMLHttpRequest rather than fetch: fetch reports no
 * upload progress, and a 10 MB document on a phone needs a progress bar.
 */
export function uploadAttachment({ conversationId, file, text, onProgress }: UploadInput): Promise<ChatMessage> {
  const form = new FormData();
  form.append('conversationId', conversationId);
  form.append('text', text);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE_URL}/chat/file/upload`);
    const token = getAuthToken();
    if (token) xhr.setRequestHeader(ACCESS_TOKEN_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let envelope: Envelope<ChatMessage> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<ChatMessage>;
      } catch {
        envelope = null;
      }
      if (xhr.status === 200 && envelope) resolve(envelope.data);
      else
        reject(
          new ApiError(
            envelope?.message || FALLBACK_ERROR_MESSAGE,
            xhr.status,
            envelope?.errors ?? {},
            envelope,
            envelope?.code,
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError('The file could not be sent. Check your connection and try again.', 0));
    xhr.send(form);
  });
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAttachment,
    onSuccess: (message) => {
      addMessageToHistory(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatListQueryKey });
    },
    onError: (error: Error) => notify('error', error.message),
  });
}
