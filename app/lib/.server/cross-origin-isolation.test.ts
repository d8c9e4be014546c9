import { describe, expect, it } from 'vitest';
import { coepModeFor, crossOriginIsolationHeaders } from './cross-origin-isolation';

const USER_AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
  firefox119: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:119.0) Gecko/20100101 Firefox/119.0',
  firefox125Linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  firefox118: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:118.0) Gecko/20100101 Firefox/118.0',
  firefox102Esr: 'Mozilla/5.0 (X11; Linux x86_64; rv:102.0) Gecko/20100101 Firefox/102.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefoxIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  legacyEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  curl: 'curl/8.5.0',
} as const;

describe('coepModeFor', () => {
  it.each([
    ['chromeWindows', 'credentialless'],
    ['chromeAndroid', 'credentialless'],
    ['edgeWindows', 'credentialless'],
    ['operaMac', 'credentialless'],
    ['firefox119', 'credentialless'],
    ['firefox125Linux', 'credentialless'],
    ['firefox118', 'require-corp'],
    ['firefox102Esr', 'require-corp'],
    ['safariMac', 'require-corp'],
    ['safariIphone', 'require-corp'],
    ['chromeIos', 'require-corp'],
    ['firefoxIos', 'require-corp'],
    ['legacyEdge', 'require-corp'],
    ['curl', 'require-corp'],
  ] as const)('%s → %s', (browser, mode) => {
    expect(coepModeFor(USER_AGENTS[browser])).toBe(mode);
  });

  it.each([null, ''])('falls back to require-corp without a user agent (%j)', (userAgent) => {
    expect(coepModeFor(userAgent)).toBe('require-corp');
  });
});

describe('crossOriginIsolationHeaders', () => {
  it.each([
    ['host', USER_AGENTS.chromeWindows, {}],
    ['host', null, {}],
    [
      'webcontainer',
      USER_AGENTS.chromeWindows,
      { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'credentialless' },
    ],
    [
      'webcontainer',
      USER_AGENTS.safariMac,
      { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    ],
    ['webcontainer', null, { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' }],
  ] as const)('%s with %j', (runtime, userAgent, headers) => {
    expect(crossOriginIsolationHeaders(runtime, userAgent)).toEqual(headers);
  });
});
