/**
 * The content of one Baileys message → what a ticket shows (pure): unwrapping WhatsApp's containers, the quoted
 * message, media kept as a download handle, contact cards, locations, interactive replies, reactions … Used by map.ts.
 */
import type { proto, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { InboundMedia, MessageMediaType } from '../types';

/** A protobuf long or a number, as a number (0 when absent). */
export const toNumber = (v: number | { toNumber(): number } | null | undefined) =>
  v == null ? 0 : typeof v === 'number' ? v : v.toNumber();

const b64 = (v: Uint8Array | string | null | undefined) =>
  v == null ? undefined : typeof v === 'string' ? v : Buffer.from(v).toString('base64');

/** Unwraps the containers WhatsApp puts messages in (ephemeral, view-once, document with caption, edits…). */
export function unwrap(message: proto.IMessage): { content: proto.IMessage; viewOnce: boolean } {
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
export function contextOf(c: proto.IMessage): proto.IContextInfo | undefined {
  for (const v of Object.values(c)) {
    if (v && typeof v === 'object' && 'contextInfo' in v && (v as { contextInfo?: proto.IContextInfo }).contextInfo) {
      return (v as { contextInfo: proto.IContextInfo }).contextInfo;
    }
  }
  return undefined;
}

export interface Mapped {
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
export function mapContent(key: WAMessageKey, c: proto.IMessage): Mapped | null {
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
