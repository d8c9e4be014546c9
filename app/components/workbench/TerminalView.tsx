import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $theme } from '~/lib/stores/theme';
import type { TerminalSink } from '~/lib/stores/terminal';
import type { MountedTerminal } from './xterm.client';
import styles from './Workbench.module.css';

/** The xterm terminal for the Kiln shell; mounts on the client only. */
export function TerminalView({ sink }: { sink: TerminalSink }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const terminalRef = useRef<MountedTerminal | null>(null);
  const theme = useStore($theme);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void import('./xterm.client').then(({ mountTerminal }) => {
      const host = hostRef.current;
      if (disposed || !host) return;
      const mounted = mountTerminal(host, sink);
      terminalRef.current = mounted;
      observer = new ResizeObserver(() => mounted.fit());
      observer.observe(host);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      terminalRef.current?.dispose();
      terminalRef.current = null;
    };
  }, [sink]);

  useEffect(() => {
    terminalRef.current?.applyTheme();
  }, [theme]);

  return <div ref={hostRef} className={styles.terminalHost} data-testid="terminal" onClick={() => terminalRef.current?.focus()} />;
}
