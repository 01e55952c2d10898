import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './config';

// issue 30 item 1: `API_PORT=8181 WEB_PORT=3181 npm start` served a web app that called :8080
describe('apiBaseUrl', () => {
  const page = { protocol: 'http:', hostname: '192.168.0.7' };

  it('calls the port the serving process names, on the host the page was opened by', () => {
    expect(apiBaseUrl(undefined, { apiPort: 8181 }, page)).toBe('http://192.168.0.7:8181');
    expect(apiBaseUrl('', { apiPort: 8181 }, { protocol: 'https:', hostname: '[::1]' })).toBe('https://[::1]:8181');
  });

  it('calls the public API URL the serving process names', () => {
    expect(apiBaseUrl(undefined, { apiUrl: 'https://api.example.com/', apiPort: 8181 }, page)).toBe('https://api.example.com');
  });

  it('keeps VITE_API_URL of the build over what it is told at run time', () => {
    expect(apiBaseUrl('https://api.other.com', { apiUrl: 'https://api.example.com', apiPort: 8181 }, page)).toBe(
      'https://api.other.com',
    );
  });

  it('falls back to port 8080 of this host when nothing is said (a bundle served by any static host)', () => {
    expect(apiBaseUrl(undefined, undefined, page)).toBe('http://192.168.0.7:8080');
  });
});
