/**
 * Baileys events → `InboundEvent`s (pure: no socket, no database). The session feeds `messages.upsert`,
 * `messages.update` and `call` payloads through these functions; identities that arrive as a LID only are
 * resolved to a phone number afterwards (`resolve.ts`).
 */
import type { WACallEvent, WAMessage, WAMessageUpdate } from '@whiskeysockets/baileys';
import {
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isJidStatusBroadcast,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
} from '@whiskeysockets/baileys';
import type { InboundEdit, InboundEvent, InboundMessage, InboundRevoke, InboundStatus } from '../types';

import { contextOf, mapContent, toNumber, unwrap } from './content';

export { mediaHandle, messageFromHandle } from './content';

export interface MapContext {
  connectionId: number;
  /** Group names the session knows (`groups.upsert`, group metadata), by group jid. */
  groupName?: (jid: string) => string | undefined;
}

/** A person's addresses as the message gives them: the phone-number jid and/or the LID jid. */
export interface Identity {
  pn?: string;
  lid?: string;
}

const REVOKE = 0;
const MESSAGE_EDIT = 14;

/** Digits of a phone-number jid (`5511999990001@s.whatsapp.net` → `5511999990001`). */
export const digitsOf = (jid: string) => jidDecode(jid)?.user ?? jid.split('@')[0];

/** The jid a send goes to: digits become a phone-number jid; a jid (group, LID) is kept. */
export function toJid(to: string): string {
  if (to.includes('@')) return to;
  return `${to.replace(/\D/g, '')}@s.whatsapp.net`;
}

/** The person behind `jid`, with its alternative address when the key carries it (Baileys 7 `*Alt` fields). */
export function identityOf(jid: string | null | undefined, alt: string | null | undefined): Identity {
  const id: Identity = {};
  for (const j of [jid, alt]) {
    if (!j) continue;
    const n = jidNormalizedUser(j);
    if (isPnUser(n) && !id.pn) id.pn = n;
    else if (isLidUser(n) && !id.lid) id.lid = n;
  }
  return id;
}

/** Chats Atendo does not serve: status updates, broadcast lists, channels (newsletters). */
export function isIgnoredChat(jid: string | null | undefined) {
  return !jid || isJidStatusBroadcast(jid) || isJidBroadcast(jid) || isJidNewsletter(jid);
}

export const timestampOf = (msg: Pick<WAMessage, 'messageTimestamp'>) => {
  const s = toNumber(msg.messageTimestamp as number | { toNumber(): number } | null | undefined);
  return s > 0 ? new Date(s * 1000) : new Date();
};

/**
 * One `messages.upsert` message → events. `fromMe` messages (sent from the phone, or echoes of Atendo's own sends)
 * are messages too; ingest dedupes Atendo's own by the external id recorded at send time.
 */
export function mapUpsertMessage(msg: WAMessage, ctx: MapContext): InboundEvent[] {
  const key = msg.key;
  const chat = key.remoteJid;
  if (!key.id || isIgnoredChat(chat) || !msg.message) return [];
  const timestamp = timestampOf(msg);
  const base = { channel: 'whatsapp' as const, connectionId: ctx.connectionId, timestamp };
  const { content, viewOnce } = unwrap(msg.message);

  // Edits and deletions arrive as protocol messages (also wrapped in `editedMessage`).
  const protocol = content.protocolMessage ?? content.editedMessage?.message?.protocolMessage;
  if (protocol) {
    const target = protocol.key?.id;
    if (!target) return [];
    if (protocol.type === REVOKE) return [{ ...base, kind: 'revoke', externalId: target } satisfies InboundRevoke];
    if (protocol.type === MESSAGE_EDIT && protocol.editedMessage) {
      const edited = unwrap(protocol.editedMessage).content;
      const body =
        edited.conversation ??
        edited.extendedTextMessage?.text ??
        edited.imageMessage?.caption ??
        edited.videoMessage?.caption ??
        edited.documentMessage?.caption ??
        '';
      return [{ ...base, kind: 'edit', externalId: target, body } satisfies InboundEdit];
    }
    return [];
  }

  let mapped = mapContent(key, content);
  if (!mapped) return [];
  if (viewOnce && ['image', 'video', 'audio'].includes(mapped.mediaType)) {
    // The file of a view-once message is not kept: the ticket shows that one was received.
    mapped = { mediaType: 'viewOnce', body: mapped.body, dataJson: { viewOnce: { mediaType: mapped.mediaType } } };
  }

  const isGroup = Boolean(isJidGroup(chat!));
  const person = isGroup
    ? identityOf(key.participant ?? msg.participant, key.participantAlt)
    : identityOf(chat, key.remoteJidAlt);
  const ctxInfo = contextOf(content);
  const fromMe = Boolean(key.fromMe);
  // A message the business wrote in a group from its phone has no participant: the group is the only address.
  const from = person.pn ? digitsOf(person.pn) : (person.lid ?? (isGroup && fromMe ? chat! : ''));
  if (!from) return [];
  const out: InboundMessage = {
    ...base,
    kind: 'message',
    externalId: key.id,
    from,
    ...(person.lid ? { fromLid: person.lid } : {}),
    contactName: fromMe && !isGroup ? undefined : (msg.pushName ?? msg.verifiedBizName ?? undefined) || undefined,
    isGroup,
    ...(isGroup ? { group: { id: chat!, name: ctx.groupName?.(chat!) } } : {}),
    fromMe,
    mediaType: mapped.mediaType,
    body: mapped.body,
    ...(mapped.media ? { media: mapped.media } : {}),
    quotedExternalId: mapped.quotedExternalId ?? ctxInfo?.stanzaId ?? undefined,
    isForwarded: Boolean(ctxInfo?.isForwarded),
    ...(mapped.dataJson ? { dataJson: stripUndefined(mapped.dataJson) } : {}),
  };
  if (ctxInfo?.externalAdReply) {
    const ad = ctxInfo.externalAdReply;
    out.dataJson = {
      ...(out.dataJson ?? {}),
      adReply: stripUndefined({ title: ad.title, body: ad.body, sourceUrl: ad.sourceUrl, sourceId: ad.sourceId }),
    };
  }
  if (!out.quotedExternalId) delete out.quotedExternalId;
  return [out];
}

function stripUndefined<T extends Record<string, unknown>>(o: T): T {
  return JSON.parse(JSON.stringify(o)) as T;
}

/** WebMessageInfo.Status → ack (ERROR 0 → failure; PENDING 1 → nothing). */
const ACK_OF_STATUS: Record<number, 1 | 2 | 3 | 4> = { 2: 1, 3: 2, 4: 3, 5: 4 };

/** `messages.update`: delivery reports, edits and deletions of messages already stored. */
export function mapMessageUpdate(u: WAMessageUpdate, ctx: MapContext): InboundEvent[] {
  const id = u.key.id;
  if (!id || isIgnoredChat(u.key.remoteJid)) return [];
  const base = { channel: 'whatsapp' as const, connectionId: ctx.connectionId, timestamp: new Date() };
  const out: InboundEvent[] = [];
  const status = u.update.status;
  if (status != null && u.key.fromMe) {
    if (status === 0) {
      out.push({
        ...base,
        kind: 'status',
        externalId: id,
        failure: { code: 'ERROR', reason: 'WhatsApp refused the message' },
      } satisfies InboundStatus);
    } else if (ACK_OF_STATUS[status]) {
      out.push({ ...base, kind: 'status', externalId: id, ack: ACK_OF_STATUS[status] } satisfies InboundStatus);
    }
  }
  // Baileys reports "deleted for everyone" as an update that empties the message with a REVOKE stub.
  if (u.update.messageStubType === 1 || (u.update.message === null && u.update.messageStubType != null)) {
    out.push({ ...base, kind: 'revoke', externalId: id });
  }
  const edited = u.update.message?.editedMessage?.message ?? u.update.message;
  const protocol = edited?.protocolMessage;
  if (protocol?.type === MESSAGE_EDIT && protocol.editedMessage) {
    const c = unwrap(protocol.editedMessage).content;
    out.push({
      ...base,
      kind: 'edit',
      externalId: protocol.key?.id ?? id,
      body: c.conversation ?? c.extendedTextMessage?.text ?? '',
    });
  } else if (protocol?.type === REVOKE) {
    out.push({ ...base, kind: 'revoke', externalId: protocol.key?.id ?? id });
  }
  return out;
}

/** A call offer → a call-log message in the caller's ticket (answered by the session when calls are refused). */
export function mapCall(call: WACallEvent, ctx: MapContext): InboundMessage | null {
  if (call.status !== 'offer' || call.isGroup) return null;
  const person = identityOf(call.from, call.callerPn);
  const from = person.pn ? digitsOf(person.pn) : (person.lid ?? '');
  if (!from) return null;
  return {
    channel: 'whatsapp',
    connectionId: ctx.connectionId,
    timestamp: call.date instanceof Date ? call.date : new Date(call.date),
    kind: 'message',
    externalId: `call-${call.id}`,
    from,
    ...(person.lid ? { fromLid: person.lid } : {}),
    isGroup: false,
    fromMe: false,
    mediaType: 'callLog',
    body: '',
    dataJson: { call: { id: call.id, isVideo: Boolean(call.isVideo), status: call.status, offline: call.offline } },
  };
}
