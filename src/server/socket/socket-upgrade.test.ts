import { describe, expect, it } from 'vitest';
import { originMatchesHost } from './socket-upgrade';

// issue 9 §4: the socket opens only for a page of this very site (cross-site WebSocket
// hijacking: cookies ride along on a foreign page's handshake).
describe('the Origin check of a socket upgrade', () => {
  it('accepts the page of the host the browser connects to', () => {
    expect(originMatchesHost('https://amora.example', 'amora.example', true)).toBe(true);
    expect(originMatchesHost('http://127.0.0.1:3000', '127.0.0.1:3000', false)).toBe(true);
    expect(originMatchesHost('https://Amora.example', 'AMORA.example', true)).toBe(true);
  });

  it('refuses another host, another port, a missing or malformed Origin', () => {
    expect(originMatchesHost('https://evil.example', 'amora.example', true)).toBe(false);
    expect(originMatchesHost('https://amora.example.evil.example', 'amora.example', true)).toBe(
      false,
    );
    expect(originMatchesHost('http://localhost:3001', 'localhost:3000', false)).toBe(false);
    expect(originMatchesHost(undefined, 'amora.example', true)).toBe(false);
    expect(originMatchesHost('null', 'amora.example', true)).toBe(false);
    expect(originMatchesHost('https://amora.example', undefined, true)).toBe(false);
  });

  it('refuses a plain-http page in production, except on loopback', () => {
    expect(originMatchesHost('http://amora.example', 'amora.example', true)).toBe(false);
    expect(originMatchesHost('http://localhost:4000', 'localhost:4000', true)).toBe(true);
    expect(originMatchesHost('ftp://amora.example', 'amora.example', false)).toBe(false);
  });
});
