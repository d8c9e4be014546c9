/**
 * xterm.js setup for the workbench terminal. Loaded with a dynamic import from an effect so nothing
 * here runs during server rendering.
 */
import { FitAddon } from '@xterm/addon-fit';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal, type ITheme } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import type { TerminalSink } from '~/lib/stores/terminal';

/** spec §2: links need a confirmation; only http and https are linked. */
export const LINK_CONFIRMATION = 'Do you want to navigate to the link? WARNING: This link could potentially be dangerous';

export function openTerminalLink(uri: string): void {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
  if (window.confirm(LINK_CONFIRMATION)) window.open(url.href, '_blank', 'noopener,noreferrer');
}

function readTheme(): ITheme {
  const style = getComputedStyle(document.documentElement);
  const value = (name: string) => style.getPropertyValue(name).trim();
  return {
    background: value('--kiln-terminal-bg'),
    foreground: value('--kiln-terminal-fg'),
    cursor: value('--kiln-terminal-cursor'),
    cursorAccent: value('--kiln-terminal-bg'),
    selectionBackground: value('--kiln-selection'),
  };
}

export interface MountedTerminal {
  fit(): void;
  applyTheme(): void;
  focus(): void;
  dispose(): void;
}

export function mountTerminal(element: HTMLElement, sink: TerminalSink): MountedTerminal {
  const terminal = new Terminal({
    cols: 80,
    rows: 24,
    scrollback: 1000,
    tabStopWidth: 8,
    convertEol: false,
    cursorBlink: true,
    fontSize: 12.5,
    lineHeight: 1.25,
    fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--kiln-font-mono').trim() || 'monospace',
    theme: readTheme(),
    allowProposedApi: false,
  });
  const fitAddon = new FitAddon();
  terminal.loadAddon(fitAddon);
  terminal.loadAddon(new WebLinksAddon((_event, uri) => openTerminalLink(uri)));
  terminal.open(element);

  const inputSubscription = terminal.onData((data) => sink.input(data));
  const resizeSubscription = terminal.onResize(({ cols, rows }) => sink.resize({ cols, rows }));
  const detach = sink.attach(terminal);

  const fit = () => {
    // Fitting a hidden element gives 0×0; skip until it is laid out.
    if (element.clientWidth === 0 || element.clientHeight === 0) return;
    try {
      fitAddon.fit();
    } catch {
      // The renderer may not be ready during the first frame; the next resize fits.
    }
  };
  fit();

  return {
    fit,
    applyTheme: () => {
      terminal.options.theme = readTheme();
    },
    focus: () => terminal.focus(),
    dispose: () => {
      detach();
      inputSubscription.dispose();
      resizeSubscription.dispose();
      terminal.dispose();
    },
  };
}
