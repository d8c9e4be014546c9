/** What the fatal-error dialog says, per failure and per sandbox (spec §2: three variants). */
import type { FatalErrorVariant } from '~/lib/sandbox/boot-errors';
import type { SandboxKind } from '~/lib/sandbox/types';

export interface FatalErrorCopy {
  title: string;
  paragraphs: string[];
}

const TITLES: Record<FatalErrorVariant, string> = {
  'out-of-memory': 'The sandbox ran out of memory',
  'startup-timeout': 'The sandbox took too long to start',
  'startup-error': 'The sandbox could not start',
};

const PARAGRAPHS: Record<FatalErrorVariant, Record<SandboxKind, string[]>> = {
  'out-of-memory': {
    runner: [
      'Your project’s processes used more memory than the sandbox allows, so it was stopped.',
      'Reload the page to start it again. If this keeps happening, run fewer processes at once (for example one dev server), or ask whoever runs this Kiln server to raise the sandbox memory limit.',
    ],
    webcontainer: [
      'Your browser could not give the in-browser sandbox enough memory.',
      'Close other tabs and applications, then reload the page. A Chromium-based browser such as Chrome or Edge on a desktop computer gives the sandbox the most memory.',
    ],
  },
  'startup-timeout': {
    runner: [
      'Kiln could not start this project’s sandbox within 30 seconds.',
      'Reload the page to try again. If you run this Kiln server yourself, check that the runner is running and that RUNNER_URL points to it.',
    ],
    webcontainer: [
      'The in-browser sandbox did not start within 30 seconds.',
      'Reload the page to try again. Close other tabs, use an up-to-date Chromium-based browser such as Chrome or Edge, and check that no extension blocks scripts or storage for this site.',
    ],
  },
  'startup-error': {
    runner: [
      'Something went wrong while starting this project’s sandbox.',
      'Reload the page to try again. Your saved files are kept on the server.',
    ],
    webcontainer: [
      'The in-browser sandbox failed to start.',
      'Reload the page to try again. It needs an up-to-date Chromium-based browser such as Chrome or Edge, outside private browsing, with storage allowed for this site.',
    ],
  },
};

export function fatalErrorCopy(variant: FatalErrorVariant, sandboxKind: SandboxKind): FatalErrorCopy {
  return { title: TITLES[variant], paragraphs: PARAGRAPHS[variant][sandboxKind] };
}
