/**
 * Headers that make Kiln's pages cross-origin isolated, which WebContainer needs (SharedArrayBuffer).
 * Only with RUNTIME=webcontainer: the default runner runs code on the server and must not impose
 * isolation on every embedded resource.
 */

export type CoepMode = 'credentialless' | 'require-corp';
export type SandboxRuntime = 'host' | 'webcontainer';

/** Spec §9: Firefox supports `credentialless` above major version 118. */
const FIREFOX_MIN_CREDENTIALLESS = 119;

function majorVersion(userAgent: string, pattern: RegExp): number | null {
  const match = pattern.exec(userAgent);
  return match ? Number.parseInt(match[1], 10) : null;
}

/**
 * `credentialless` lets previews load cross-origin images and scripts without CORP headers, but only
 * Chromium browsers (Chrome, Edge, Opera) and Firefox 119+ support it; everyone else gets `require-corp`.
 */
export function coepModeFor(userAgent: string | null): CoepMode {
  if (!userAgent) {
    return 'require-corp';
  }
  // iOS browsers are all WebKit whatever they call themselves, and legacy EdgeHTML says "Edge/".
  if (/(CriOS|FxiOS|EdgiOS|OPiOS)\/|\bEdge\/\d/.test(userAgent)) {
    return 'require-corp';
  }
  const firefox = majorVersion(userAgent, /\bFirefox\/(\d+)/);
  if (firefox !== null) {
    return firefox >= FIREFOX_MIN_CREDENTIALLESS ? 'credentialless' : 'require-corp';
  }
  if (/\b(Edg|EdgA|OPR|Chrome|Chromium)\/\d+/.test(userAgent)) {
    return 'credentialless';
  }
  return 'require-corp';
}

/** Headers to add to every document response. The COEP value depends on the browser, so responses should also vary on User-Agent. */
export function crossOriginIsolationHeaders(runtime: SandboxRuntime, userAgent: string | null): Record<string, string> {
  if (runtime !== 'webcontainer') {
    return {};
  }
  return {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': coepModeFor(userAgent),
  };
}
