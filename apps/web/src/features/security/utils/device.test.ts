import { describe, expect, it } from 'vitest';
import { describeDevice } from './device';

describe('describeDevice', () => {
  it('names the browser and the system of common user agents', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      ),
    ).toBe('Chrome · Windows');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0')).toBe('Firefox · Linux');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(describeDevice('Mozilla/5.0 (Linux; Android 15) Chrome/140.0 Mobile Safari/537.36 EdgA/140 Edg/140')).toBe(
      'Edge · Android',
    );
  });
  it('is empty for nothing or an unknown agent', () => {
    expect(describeDevice(null)).toBe('');
    expect(describeDevice('curl/8.0')).toBe('');
  });
});
