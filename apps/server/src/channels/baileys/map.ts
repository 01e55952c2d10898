/**
 * Baileys events → `InboundEvent`s (pure: no socket, no database). The session feeds `messages.upsert`,
 * `messages.update` and `call` payloads through these functions; identities that arrive as a LID only are
 * resolved to a phone number afterwards (`resolve.ts`).
 */
import type { proto, WACallEvent, WAMessage, WAMessageKey, WAMessageUpdate } from '@whiskeysockets/baileys';
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
import type {
  InboundEdit,
  InboundEvent,
  InboundMedia,
  InboundMessage,
  InboundRevoke,
  InboundStatus,
  MessageMediaType,
} from '../types';

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

const toNumber = (v: number | { toNumber(): number } | null | undefined) =>
  v == null ? 0 : typeof v === 'number' ? v : v.toNumber();

export const timestampOf = (msg: Pick<WAMessage, 'messageTimestamp'>) => {
  const s = toNumber(msg.messageTimestamp as number | { toNumber(): number } | null | undefined);
  return s > 0 ? new Date(s * 1000) : new Date();
};

const b64 = (v: Uint8Array | string | null | undefined) =>
  v == null ? undefined : typeof v === 'string' ? v : Buffer.from(v).toString('base64');

/** Unwraps the containers WhatsApp puts messages in (ephemeral, view-once, document with caption, edits…). */
function unwrap(message: proto.IMessage): { content: proto.IMessage; viewOnce: boolean } {
  let m: proto.IMessage | null | undefined = message;
  let viewOnce = false;
  for (let i = 0; i < 5 && m; i++) {
    const inner: proto.IMessage | null | undefined =
      m.ephemeralMessage?.message ??
      m.viewOnceMessage?.message ??
      m.viewOnceMessageV2?.message ??
      m.viewOnceMessageV2Extension?.message ??
      m.documentWithCaptionMessage?.message ??
      m.deviceSentMessage?.message ??
      m.groupMentionedMessage?.message ??
      m.botInvokeMessage?.message ??
      m.lottieStickerMessage?.message ??
      m.associatedChildMessage?.message;
    if (m.viewOnceMessage || m.viewOnceMessageV2 || m.viewOnceMessageV2Extension) viewOnce = true;
    if (!inner) break;
    m = inner;
  }
  return { content: m ?? {}, viewOnce };
}

/** The first context info of the content (quote, forward, ad). */
function contextOf(c: proto.IMessage): proto.IContextInfo | undefined {
  for (const v of Object.values(c)) {
    if (v && typeof v === 'object' && 'contextInfo' in v && (v as { contextInfo?: proto.IContextInfo }).contextInfo) {
      return (v as { contextInfo: proto.IContextInfo }).contextInfo;
    }
  }
  return undefined;
}

interface Mapped {
  mediaType: MessageMediaType;
  body: string;
  media?: InboundMedia;
  dataJson?: Record<string, unknown>;
  quotedExternalId?: string;
}

/** A Baileys media message, kept as the handle to download it later (key + the media part, without thumbnails). */
export function mediaHandle(key: WAMessageKey, type: string, media: Record<string, unknown>): string {
  const {
    jpegThumbnail: _t,
    thumbnailDirectPath: _d,
    thumbnailSha256: _s,
    thumbnailEncSha256: _e,
    contextInfo: _c,
    ...rest
  } = media as Record<string, unknown>;
  const plain = JSON.parse(
    JSON.stringify(rest, (_k, v) =>
      v && typeof v === 'object' && (v instanceof Uint8Array || (v as { type?: string }).type === 'Buffer')
        ? { $b64: Buffer.from(v instanceof Uint8Array ? v : (v as { data: number[] }).data).toString('base64') }
        : v,
    ),
  );
  return JSON.stringify({
    key: { id: key.id, remoteJid: key.remoteJid, fromMe: key.fromMe, participant: key.participant },
    type,
    media: plain,
  });
}

/** The inverse of `mediaHandle`: a WAMessage Baileys' `downloadMediaMessage` accepts. */
export function messageFromHandle(handle: string): WAMessage {
  const parsed = JSON.parse(handle, (_k, v) =>
    v && typeof v === 'object' && typeof v.$b64 === 'string' ? Buffer.from(v.$b64, 'base64') : v,
  ) as { key: WAMessageKey; type: string; media: Record<string, unknown> };
  return { key: parsed.key, message: { [parsed.type]: parsed.media } } as WAMessage;
}

function fileMedia(
  key: WAMessageKey,
  type: string,
  m: proto.Message.IImageMessage & proto.Message.IDocumentMessage & proto.Message.IAudioMessage & proto.Message.IStickerMessage,
  extra: Partial<InboundMedia> = {},
): InboundMedia {
  return {
    id: mediaHandle(key, type, m as Record<string, unknown>),
    mimeType: m.mimetype ?? undefined,
    size: m.fileLength != null ? toNumber(m.fileLength as number) : undefined,
    sha256: b64(m.fileSha256),
    ...(m.caption ? { caption: m.caption } : {}),
    ...extra,
  };
}

function vcardName(vcard: string | null | undefined) {
  return /^FN[:;](?:[^:\n]*:)?(.+)$/m.exec(vcard ?? '')?.[1]?.trim();
}

function vcardPhones(vcard: string | null | undefined) {
  const phones: { phone: string; waId?: string }[] = [];
  for (const line of (vcard ?? '').split(/\r?\n/)) {
    if (!/^(item\d+\.)?TEL/i.test(line)) continue;
    const waId = /waid=(\d+)/i.exec(line)?.[1];
    const phone = line.slice(line.lastIndexOf(':') + 1).trim();
    phones.push({ phone, ...(waId ? { waId } : {}) });
  }
  return phones;
}

/** The content of one message (already unwrapped). Null: nothing a ticket shows (protocol, key distribution …). */
function mapContent(key: WAMessageKey, c: proto.IMessage): Mapped | null {
  if (c.conversation != null) return { mediaType: 'text', body: c.conversation };
  if (c.extendedTextMessage) {
    const t = c.extendedTextMessage;
    const hasPreview = Boolean(t.matchedText || t.title);
    if (!hasPreview) return { mediaType: 'text', body: t.text ?? '' };
    return {
      mediaType: 'linkPreview',
      body: t.text ?? '',
      dataJson: {
        linkPreview: {
          url: t.matchedText || undefined,
          matchedText: t.matchedText ?? undefined,
          title: t.title ?? undefined,
          description: t.description ?? undefined,
          thumbnail: t.jpegThumbnail ? b64(t.jpegThumbnail) : undefined,
        },
      },
    };
  }
  if (c.imageMessage) {
    return {
      mediaType: 'image',
      body: c.imageMessage.caption ?? '',
      media: fileMedia(key, 'imageMessage', c.imageMessage as never),
    };
  }
  if (c.videoMessage) {
    const v = c.videoMessage;
    return {
      mediaType: 'video',
      body: v.caption ?? '',
      media: fileMedia(key, 'videoMessage', v as never, v.gifPlayback ? { animated: true } : {}),
    };
  }
  if (c.ptvMessage) {
    return { mediaType: 'video', body: '', media: fileMedia(key, 'ptvMessage', c.ptvMessage as never) };
  }
  if (c.audioMessage) {
    return {
      mediaType: 'audio',
      body: '',
      media: fileMedia(key, 'audioMessage', c.audioMessage as never, { voice: Boolean(c.audioMessage.ptt) }),
    };
  }
  if (c.documentMessage) {
    const d = c.documentMessage;
    const filename = d.fileName || d.title || undefined;
    return {
      mediaType: 'application',
      body: d.caption || filename || '',
      media: fileMedia(key, 'documentMessage', d as never, filename ? { filename } : {}),
    };
  }
  if (c.stickerMessage) {
    return {
      mediaType: 'sticker',
      body: '',
      media: fileMedia(key, 'stickerMessage', c.stickerMessage as never, { animated: Boolean(c.stickerMessage.isAnimated) }),
    };
  }
  if (c.locationMessage || c.liveLocationMessage) {
    const l = (c.locationMessage ?? c.liveLocationMessage) as proto.Message.ILocationMessage;
    const latitude = l.degreesLatitude ?? 0;
    const longitude = l.degreesLongitude ?? 0;
    const label = [l.name, l.address].filter(Boolean).join(' - ');
    return {
      mediaType: 'location',
      body: label || `${latitude}, ${longitude}`,
      dataJson: {
        latitude,
        longitude,
        name: l.name ?? undefined,
        address: l.address ?? undefined,
        url: l.url ?? undefined,
        live: Boolean(c.liveLocationMessage) || undefined,
      },
    };
  }
  if (c.contactMessage || c.contactsArrayMessage) {
    const cards = c.contactMessage ? [c.contactMessage] : (c.contactsArrayMessage?.contacts ?? []);
    const contacts = cards.map((k) => ({ name: k.displayName || vcardName(k.vcard) || '', phones: vcardPhones(k.vcard) }));
    return {
      mediaType: 'contact',
      body:
        contacts
          .map((k) => k.name)
          .filter(Boolean)
          .join(', ') ||
        c.contactsArrayMessage?.displayName ||
        '',
      dataJson: { contacts, vcards: cards.map((k) => k.vcard ?? '') },
    };
  }
  if (c.reactionMessage) {
    const r = c.reactionMessage;
    const target = r.key?.id ?? undefined;
    return {
      mediaType: 'reaction',
      body: r.text ?? '',
      quotedExternalId: target,
      dataJson: { targetExternalId: target, emoji: r.text ?? '' },
    };
  }
  const poll = c.pollCreationMessage ?? c.pollCreationMessageV2 ?? c.pollCreationMessageV3 ?? c.pollCreationMessageV5;
  if (poll) {
    return {
      mediaType: 'poll',
      body: poll.name ?? '',
      dataJson: {
        poll: {
          name: poll.name ?? '',
          options: (poll.options ?? []).map((o) => o.optionName ?? ''),
          selectableCount: poll.selectableOptionsCount ?? 0,
        },
      },
    };
  }
  if (c.eventMessage) {
    const e = c.eventMessage;
    const startTime = toNumber(e.startTime as number | null | undefined);
    const endTime = toNumber(e.endTime as number | null | undefined) || (startTime ? startTime + 7200 : 0);
    return {
      mediaType: 'event',
      body: e.name ?? '',
      dataJson: {
        event: {
          name: e.name ?? '',
          description: e.description ?? undefined,
          startTime: startTime || undefined,
          endTime: endTime || undefined,
          location: e.location
            ? { name: e.location.name ?? undefined, latitude: e.location.degreesLatitude, longitude: e.location.degreesLongitude }
            : undefined,
          joinLink: e.joinLink ?? undefined,
          isCanceled: e.isCanceled ?? false,
        },
      },
    };
  }
  if (c.listResponseMessage) {
    const r = c.listResponseMessage;
    const title = r.title ?? '';
    return {
      mediaType: 'interactive',
      body: title,
      dataJson: {
        reply: { type: 'list', id: r.singleSelectReply?.selectedRowId ?? '', title, description: r.description ?? undefined },
      },
    };
  }
  if (c.buttonsResponseMessage) {
    const r = c.buttonsResponseMessage;
    const title = r.selectedDisplayText ?? '';
    return {
      mediaType: 'interactive',
      body: title,
      dataJson: { reply: { type: 'button', id: r.selectedButtonId ?? '', title } },
    };
  }
  if (c.templateButtonReplyMessage) {
    const r = c.templateButtonReplyMessage;
    const title = r.selectedDisplayText ?? '';
    return {
      mediaType: 'interactive',
      body: title,
      dataJson: { reply: { type: 'template_button', id: r.selectedId ?? '', title } },
    };
  }
  if (c.interactiveResponseMessage) {
    const r = c.interactiveResponseMessage;
    const body = r.body?.text ?? '';
    let response: unknown = r.nativeFlowResponseMessage?.paramsJson;
    try {
      response = typeof response === 'string' ? JSON.parse(response) : response;
    } catch {
      /* kept as text */
    }
    return {
      mediaType: 'interactive',
      body,
      dataJson: { reply: { type: 'flow', name: r.nativeFlowResponseMessage?.name ?? '', response } },
    };
  }
  if (c.listMessage) {
    const l = c.listMessage;
    return {
      mediaType: 'list',
      body: l.description || l.title || '',
      dataJson: {
        list: {
          title: l.title ?? undefined,
          description: l.description ?? undefined,
          buttonText: l.buttonText ?? undefined,
          footer: l.footerText ?? undefined,
          sections: (l.sections ?? []).map((s) => ({
            title: s.title ?? undefined,
            rows: (s.rows ?? []).map((r) => ({
              id: r.rowId ?? '',
              title: r.title ?? '',
              description: r.description ?? undefined,
            })),
          })),
        },
      },
    };
  }
  if (c.buttonsMessage) {
    const b = c.buttonsMessage;
    return {
      mediaType: 'buttons',
      body: b.contentText ?? '',
      dataJson: {
        buttons: {
          text: b.contentText ?? '',
          footer: b.footerText ?? undefined,
          buttons: (b.buttons ?? []).map((x) => ({ id: x.buttonId ?? '', title: x.buttonText?.displayText ?? '' })),
        },
      },
    };
  }
  if (c.orderMessage) {
    const o = c.orderMessage;
    return {
      mediaType: 'order',
      body: o.message || o.orderTitle || `${o.itemCount ?? 0} itens`,
      dataJson: {
        orderId: o.orderId ?? undefined,
        itemCount: o.itemCount ?? 0,
        total: toNumber(o.totalAmount1000 as number) / 1000 || undefined,
        currency: o.totalCurrencyCode ?? undefined,
      },
    };
  }
  if (c.requestPaymentMessage) {
    const p = c.requestPaymentMessage;
    return {
      mediaType: 'paymentRequest',
      body: p.noteMessage?.extendedTextMessage?.text ?? p.noteMessage?.conversation ?? '',
      dataJson: {
        paymentRequest: {
          amount1000: toNumber(p.amount1000 as number),
          currency: p.currencyCodeIso4217 ?? undefined,
          expiryTimestamp: toNumber(p.expiryTimestamp as number) || undefined,
        },
      },
    };
  }
  if (c.callLogMesssage) {
    const l = c.callLogMesssage;
    return {
      mediaType: 'callLog',
      body: '',
      dataJson: {
        call: {
          isVideo: Boolean(l.isVideo),
          outcome: l.callOutcome ?? undefined,
          durationSecs: toNumber(l.durationSecs as number),
        },
      },
    };
  }
  // Key distribution, protocol and context-only envelopes carry nothing to show.
  if (
    c.protocolMessage ||
    c.senderKeyDistributionMessage ||
    c.pollUpdateMessage ||
    c.encReactionMessage ||
    c.keepInChatMessage ||
    c.pinInChatMessage ||
    c.encEventResponseMessage
  ) {
    return null;
  }
  const keys = Object.keys(c).filter((k) => k !== 'messageContextInfo' && (c as Record<string, unknown>)[k] != null);
  if (keys.length === 0) return null;
  return { mediaType: 'unsupported', body: '', dataJson: { originalType: keys[0], note: 'message type not shown by Atendo' } };
}

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
