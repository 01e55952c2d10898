import { describe, expect, it } from 'vitest';
import { isIOS, playableAudioUrl } from './media';

const nav = (userAgent: string, maxTouchPoints = 0) => ({ userAgent, maxTouchPoints });
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_OS =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

describe('iOS playback of voice notes (seed 000 §9)', () => {
  it('detects iPhone, iPad, iPod and iPadOS Safari (a Mac with touch), not a Mac nor Android', () => {
    expect(isIOS(nav(IPHONE, 5))).toBe(true);
    expect(isIOS(nav('Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X)', 5))).toBe(true);
    expect(isIOS(nav('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X)'))).toBe(true);
    expect(isIOS(nav(IPAD_OS, 5))).toBe(true);
    expect(isIOS(nav(IPAD_OS, 0))).toBe(false);
    expect(isIOS(nav(ANDROID, 5))).toBe(false);
    expect(isIOS(undefined)).toBe(false);
  });

  it('on iOS an .ogg audio is asked for as .mp3 with the same signed query; other audio and other browsers unchanged', () => {
    const ogg = 'http://api/media/7/media/AbCdEfGhIjKlMnOpQrStUv.ogg?exp=1700000000&sig=xyz';
    expect(playableAudioUrl(ogg, true)).toBe('http://api/media/7/media/AbCdEfGhIjKlMnOpQrStUv.mp3?exp=1700000000&sig=xyz');
    expect(playableAudioUrl(ogg, false)).toBe(ogg);
    expect(playableAudioUrl('http://api/media/7/media/x.m4a?exp=1&sig=s', true)).toBe(
      'http://api/media/7/media/x.m4a?exp=1&sig=s',
    );
    expect(playableAudioUrl('http://api/media/7/media/x.OGG', true)).toBe('http://api/media/7/media/x.mp3');
    // only the extension at the end of the path, never ".ogg" elsewhere in the URL
    expect(playableAudioUrl('http://api/media/7/media/x.oggy.m4a', true)).toBe('http://api/media/7/media/x.oggy.m4a');
  });
});
