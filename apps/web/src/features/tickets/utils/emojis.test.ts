import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/data/tickets/types';
import { groupReactions, QUICK_REACTIONS } from './emojis';

let seq = 0;
const msg = (over: Partial<Message>): Message =>
  ({
    id: ++seq,
    body: '',
    mediaType: 'text',
    fromMe: false,
    quotedMsg: null,
    quotedMsgId: null,
    dataJson: null,
    ...over,
  }) as Message;

describe('groupReactions', () => {
  it('shows reactions to a message on screen as chips: latest per sender, empty removes, counted by emoji', () => {
    const target = msg({ body: 'Chegou?' });
    const quoted = { id: target.id, body: '', mediaType: 'text', mediaUrl: null, fromMe: false, contact: null };
    const r1 = msg({ mediaType: 'reaction', body: '👍', fromMe: true, userId: 1, quotedMsg: quoted });
    const r2 = msg({ mediaType: 'reaction', body: '😂', contactId: 9, quotedMsg: quoted });
    const r3 = msg({ mediaType: 'reaction', dataJson: { emoji: '👍' }, contactId: 9, quotedMsg: quoted }); // replaces 😂
    const r4 = msg({ mediaType: 'reaction', body: '❤️', fromMe: true, userId: 2, quotedMsgId: target.id });
    const r5 = msg({ mediaType: 'reaction', body: '', fromMe: true, userId: 2, quotedMsgId: target.id }); // removes ❤️
    const offScreen = msg({ mediaType: 'reaction', body: '🙏', quotedMsgId: 99_999 });
    const { hidden, byTarget } = groupReactions([target, r1, r2, r3, r4, r5, offScreen]);
    expect(byTarget.get(target.id)).toEqual([{ emoji: '👍', count: 2 }]);
    expect([...hidden].sort()).toEqual([r1.id, r2.id, r3.id, r4.id, r5.id].sort());
    expect(hidden.has(offScreen.id)).toBe(false);
  });

  it('offers six quick reactions', () => {
    expect(QUICK_REACTIONS).toHaveLength(6);
  });
});
