import { describe, expect, it } from 'vitest';
import { audioFileName, keptTranscription } from './transcription';

describe('audioFileName', () => {
  it('takes the stored name from a signed media URL or a stored path', () => {
    expect(audioFileName('http://localhost:8080/media/3/media/Ab_cd-EF12345678.mp3?exp=1&sig=x')).toBe('Ab_cd-EF12345678.mp3');
    expect(audioFileName('3/media/Ab_cd-EF12345678.ogg')).toBe('Ab_cd-EF12345678.ogg');
  });
  it('refuses anything else (the UI says: unexpected audio URL format)', () => {
    for (const v of [
      null,
      undefined,
      42,
      '',
      'http://x/media/',
      'http://x/a/../../etc/passwd',
      'http://x/short.mp3',
      'http://x/a b.mp3',
    ])
      expect(audioFileName(v)).toBeNull();
  });
});

describe('keptTranscription', () => {
  it('reads dataJson.transcription when it is text', () => {
    expect(keptTranscription({ transcription: 'olá' })).toBe('olá');
    expect(keptTranscription({ transcription: 3 })).toBeNull();
    expect(keptTranscription(null)).toBeNull();
    expect(keptTranscription('x')).toBeNull();
  });
});
