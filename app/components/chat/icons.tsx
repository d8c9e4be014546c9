/** Small stroke icons used by the chat. Decorative: callers give the accessible name. */
const base = { width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export function SendIcon() {
  return (
    <svg {...base}>
      <path d="M12 19V5M5 12l7-7 7 7" />
    </svg>
  );
}

export function StopIcon() {
  return (
    <svg {...base}>
      <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" stroke="none" />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg {...base}>
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

export function CrossIcon() {
  return (
    <svg {...base}>
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}

export function CircleIcon() {
  return (
    <svg {...base}>
      <circle cx="12" cy="12" r="8" />
    </svg>
  );
}

export function SkipIcon() {
  return (
    <svg {...base}>
      <path d="M5 12h14" />
    </svg>
  );
}

export function SpinnerIcon() {
  return (
    <svg {...base} className="kiln-spin">
      <path d="M21 12a9 9 0 1 1-6.2-8.6" />
    </svg>
  );
}

export function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg {...base} style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}>
      <path d="m9 18 6-6-6-6" />
    </svg>
  );
}

export function FileIcon() {
  return (
    <svg {...base}>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6" />
    </svg>
  );
}

export function TerminalIcon() {
  return (
    <svg {...base}>
      <path d="m4 17 6-5-6-5M12 19h8" />
    </svg>
  );
}
