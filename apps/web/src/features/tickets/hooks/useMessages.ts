import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { api } from '../../../shared/api/client';
import { ticketKeys } from '../../../shared/data/tickets/keys';
import type { Message, MessagesPage } from '../../../shared/data/tickets/types';
import { upsertMessage } from '../../../shared/data/tickets/useTicketEvents';

/** GET /messages/:ticketId — page 1 is the newest; older pages come as the list is scrolled up. */
export function useMessages(ticketId: number | undefined) {
  const query = useInfiniteQuery({
    queryKey: ticketKeys.messages(ticketId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api.get<MessagesPage>(`/messages/${ticketId}`, { query: { pageNumber: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: Boolean(ticketId),
  });
  const messages = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const seen = new Set<number>();
    const out: Message[] = [];
    for (let i = pages.length - 1; i >= 0; i--) {
      for (const m of pages[i].messages) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        out.push(m);
      }
    }
    return out;
  }, [query.data]);
  return { ...query, messages };
}

export interface SendMessageInput {
  body: string;
  isPrivate?: boolean;
  quotedMsg?: { id: number } | null;
  mediaUrl?: string | null;
  /** *Name:* above the text, when the company's sendSignMessage is on. */
  signMessage?: boolean;
  /** The message answered, shown quoted at once (the answer of the POST carries only its id). */
  quoted?: Message | null;
}

/** POST /messages/:ticketId (JSON). The stored message is put in the cache at once (ack 0). */
export function useSendMessage(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quoted: _quoted, ...input }: SendMessageInput) =>
      api.post<Message | { message?: Message }>(`/messages/${ticketId}`, { ...input, fromMe: true, read: 1 }),
    onSuccess: (answer, { quoted }) => {
      const message = answer && 'message' in answer && answer.message ? answer.message : (answer as Message);
      if (!message || typeof message !== 'object' || typeof message.id !== 'number') return;
      const quotedMsg =
        message.quotedMsg ??
        (quoted
          ? {
              id: quoted.id,
              body: quoted.body,
              mediaType: quoted.mediaType,
              mediaUrl: quoted.mediaUrl,
              fromMe: quoted.fromMe,
              contact: quoted.contact ? { name: quoted.contact.name } : null,
            }
          : null);
      upsertMessage(client, { ...message, quotedMsg }, true);
    },
  });
}

/** Files with their captions in one multipart request (medias + body per file); the messages arrive by socket too. */
export function useSendFiles(ticketId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      files,
      isPrivate,
      signMessage,
      voice,
    }: {
      files: { file: File; caption: string }[];
      isPrivate: boolean;
      signMessage?: boolean;
      /** The composer's recording: the server sends it in the channel's format (mp3 on WhatsApp, m4a elsewhere). */
      voice?: boolean;
    }) => {
      const form = new FormData();
      for (const f of files) form.append('medias', f.file, f.file.name);
      for (const f of files) form.append('body', f.caption);
      form.append('fromMe', 'true');
      if (isPrivate) form.append('isPrivate', 'true');
      if (signMessage) form.append('signMessage', 'true');
      if (voice) form.append('voice', 'true');
      return api.post<Message>(`/messages/${ticketId}`, form);
    },
    onSuccess: (m) => m && typeof m.id === 'number' && upsertMessage(client, m, true),
  });
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => api.post<Message>(`/messages/edit/${id}`, { body }),
    onSuccess: (m) => m && typeof m.id === 'number' && upsertMessage(client, m, false),
  });
}

/** POST /messages/:id/reactions: the reaction is a message of its own, shown as a chip under its target. */
export function useReactToMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, emoji }: { id: number; emoji: string }) => api.post<Message>(`/messages/${id}/reactions`, { type: emoji }),
    onSuccess: (m) => m && typeof m.id === 'number' && upsertMessage(client, m, true),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/messages/${id}`),
    onSuccess: (m) => m && typeof m.id === 'number' && upsertMessage(client, m, false),
  });
}

/** POST /messages/:id/retry — a failed send back in the send queue (the same message); the clock shows again. */
export function useRetryMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Message>(`/messages/${id}/retry`),
    onSuccess: (m) => m && typeof m.id === 'number' && upsertMessage(client, m, false),
  });
}

/** POST /message/forward — a message to a contact: into their live ticket, or a new one of the caller's. */
/** Seed 000 §5: forwards go out about 900 ms apart. */
export const FORWARD_GAP_MS = 900;

/**
 * POST /message/forward for every selected message (in conversation order) to every chosen contact, one after the
 * other `gapMs` apart, signed when the attendant's signature is on; answers how many went.
 */
export function useForwardMessages(gapMs = FORWARD_GAP_MS) {
  return useMutation({
    mutationFn: async ({
      messageIds,
      contactIds,
      signMessage,
    }: {
      messageIds: number[];
      contactIds: number[];
      signMessage: boolean;
    }) => {
      let sent = 0;
      for (const contactId of contactIds) {
        for (const messageId of messageIds) {
          if (sent > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
          await api.post('/message/forward', { messageId, contactId, signMessage });
          sent++;
        }
      }
      return sent;
    },
  });
}

/** Every message of the ticket, oldest first (the API pages newest first, 20 at a time). */
export async function loadWholeConversation(ticketId: number): Promise<Message[]> {
  const pages: Message[][] = [];
  for (let page = 1; page <= 500; page++) {
    const res = await api.get<MessagesPage>(`/messages/${ticketId}`, { query: { pageNumber: page } });
    pages.unshift(res.messages);
    if (!res.hasMore) break;
  }
  return pages.flat();
}

/** Reading page 1 of a conversation marks its messages read on the server (the answer is not needed). */
export function useMarkConversationRead(ticketId: number) {
  return useCallback(() => {
    void api.get(`/messages/${ticketId}`, { query: { pageNumber: 1 } }).catch(() => {});
  }, [ticketId]);
}

/** GET /messages/transcribeAudio/:file — the text of a voice message (plan useOpenAi). */
export function useTranscribeAudio() {
  return useMutation({ mutationFn: (file: string) => api.get<unknown>(`/messages/transcribeAudio/${encodeURIComponent(file)}`) });
}

/** POST /messages/{lista|url|copy|call|pix}/:ticketId — an interactive message. */
export function useSendInteractive(ticketId: number) {
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) => api.post(`/messages/${path}/${ticketId}`, body),
  });
}

/** POST /messages/:ticketId with a vCard: a contact of the book sent as a contact card. */
export function useSendContactCard(ticketId: number) {
  return useMutation({
    mutationFn: (c: { name: string; number: string }) =>
      api.post(`/messages/${ticketId}`, { body: '', vCard: { name: c.name, number: c.number } }),
  });
}
