import { messenger, messengerEnvelope } from '@atendo/graph-standin';
import { describe, expect, it } from 'vitest';
import { listEntries, mapMessaging, mapMessengerWebhook } from './map';

const PAGE = '1500';
const at = new Date('2026-01-02T03:04:05Z');

describe('Messenger webhook mapping', () => {
  it('routes entries by object and id; unknown entries are listed, other objects ignored', () => {
    const payload = messengerEnvelope('instagram', '1784', [
      messenger.text({ from: '77', to: '1784', text: 'oi', timestamp: at }),
    ]);
    const { events } = mapMessengerWebhook(payload, (channel, id) => (channel === 'instagram' && id === '1784' ? [5] : []));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'message',
        channel: 'instagram',
        connectionId: 5,
        from: '77',
        body: 'oi',
        fromMe: false,
        timestamp: at,
      }),
    ]);
    expect(mapMessengerWebhook(messengerEnvelope('page', '9', []), () => []).unknownEntries).toEqual([]);
    expect(mapMessengerWebhook(payload, () => []).unknownEntries).toEqual(['1784']);
    expect(listEntries({ object: 'whatsapp_business_account', entry: [{ id: '1', messaging: [{}] }] })).toEqual([]);
  });

  it('maps quick replies, postbacks, stickers, locations, shares, deletions and unknown echoes', () => {
    const map = (item: Record<string, unknown>) => mapMessaging(item, 'facebook', PAGE, 1);
    expect(map(messenger.text({ from: '7', to: PAGE, text: 'Sim', quickReplyPayload: 'YES' }))[0]).toMatchObject({
      mediaType: 'interactive',
      body: 'Sim',
      dataJson: { reply: { type: 'quick_reply', id: 'YES', title: 'Sim' } },
    });
    expect(map(messenger.postback({ from: '7', to: PAGE, title: 'Começar', payload: 'GET_STARTED' }))[0]).toMatchObject({
      mediaType: 'interactive',
      body: 'Começar',
      dataJson: { reply: { type: 'postback', id: 'GET_STARTED' } },
    });
    expect(
      map(messenger.attachment({ from: '7', to: PAGE, type: 'sticker', url: 'https://x/s.png', stickerId: 369239263222822 }))[0],
    ).toMatchObject({
      mediaType: 'sticker',
      media: { url: 'https://x/s.png' },
    });
    expect(map(messenger.location({ from: '7', to: PAGE, lat: -23.5, long: -46.6 }))[0]).toMatchObject({
      mediaType: 'location',
      dataJson: { latitude: -23.5, longitude: -46.6 },
    });
    expect(map(messenger.attachment({ from: '7', to: PAGE, type: 'ig_reel', url: 'https://x/reel' }))[0]).toMatchObject({
      mediaType: 'linkPreview',
      dataJson: { attachmentType: 'ig_reel', url: 'https://x/reel' },
    });
    expect(map(messenger.deleted({ from: '7', to: PAGE, mid: 'm_1' }))).toEqual([
      expect.objectContaining({ kind: 'revoke', externalId: 'm_1' }),
    ]);
    expect(map(messenger.echo({ page: PAGE, to: '7', text: 'pelo celular', mid: 'm_2' }))[0]).toMatchObject({
      kind: 'message',
      from: '7',
      fromMe: true,
      body: 'pelo celular',
    });
    expect(map(messenger.echo({ page: PAGE, to: '7', mid: 'm_3', metadata: 'atendo:42' }))).toEqual([
      expect.objectContaining({ kind: 'status', externalId: 'm_3', reference: '42', ack: 1 }),
    ]);
    expect(map(messenger.reaction({ from: '7', to: PAGE, targetMid: 'm_1', action: 'unreact' }))[0]).toMatchObject({
      mediaType: 'reaction',
      body: '',
      quotedExternalId: 'm_1',
    });
    expect(map(messenger.read({ from: '7', to: PAGE, mid: 'm_9' }))).toEqual([
      expect.objectContaining({ kind: 'status', ack: 3, externalId: 'm_9' }),
    ]);
    expect(map(messenger.read({ from: '7', to: PAGE }))).toEqual([]);
  });

  it('several attachments in one message become one message each, the text with the first', () => {
    const item = messenger.attachment({ from: '7', to: PAGE, type: 'image', url: 'https://x/1.jpg', text: 'fotos', mid: 'm_a' });
    (item.message as { attachments: unknown[] }).attachments.push({ type: 'video', payload: { url: 'https://x/2.mp4' } });
    const out = mapMessaging(item, 'facebook', PAGE, 1);
    expect(
      out.map((e) => [e.kind === 'message' && e.externalId, e.kind === 'message' && e.mediaType, e.kind === 'message' && e.body]),
    ).toEqual([
      ['m_a', 'image', 'fotos'],
      ['m_a.1', 'video', ''],
    ]);
  });
});
