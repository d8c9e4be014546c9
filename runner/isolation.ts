import { execFile } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where things appear inside a bubblewrap sandbox. Fixed, so shells and tools see stable paths. */
export const INSIDE = {
  project: '/home/project',
  home: '/home',
  npmCache: '/var/cache/npm',
  assets: '/opt/kiln',
  bridge: '/run/kiln',
} as const;

/** The sandbox's HTTP(S) proxy port on its private loopback (see forwarder.mjs). */
export const EGRESS_PROXY_PORT = 48573;

export type IsolationKind = 'bwrap' | 'none';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/** Files under the read-only /etc that a sandbox has no business reading. */
const HIDDEN_ETC_FILES = ['/etc/shadow', '/etc/shadow-', '/etc/gshadow', '/etc/gshadow-', '/etc/sudoers'];

/** The install folder of the node binary running us, when it is not under /usr (nvm, tarballs). */
function nodePrefix(): string | null {
  const prefix = path.dirname(path.dirname(realpathSync(process.execPath)));
  return prefix === '/usr' || prefix.startsWith('/usr/') ? null : prefix;
}

export function sandboxPath(): string {
  const prefix = nodePrefix();
  const base = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
  return prefix ? `${prefix}/bin:${base}` : base;
}

/** Path of the node binary as seen inside the sandbox (same as outside: its folder is bound as is). */
export function nodeBinary(): string {
  return realpathSync(process.execPath);
}

function systemBinds(): string[] {
  const args: string[] = [];
  for (const dir of ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/etc']) {
    if (!existsSync(dir)) {
      continue;
    }
    const stat = lstatSync(dir);
    // Merged-/usr systems: /bin -> usr/bin. Recreate the link rather than binding a second copy.
    args.push(...(stat.isSymbolicLink() ? ['--symlink', readlinkSync(dir), dir] : ['--ro-bind', dir, dir]));
  }
  for (const file of HIDDEN_ETC_FILES) {
    if (existsSync(file)) {
      args.push('--ro-bind', '/dev/null', file);
    }
  }
  const prefix = nodePrefix();
  if (prefix) {
    args.push('--ro-bind', prefix, prefix);
  }
  return args;
}

export interface BwrapOptions {
  sandboxDir: string;
  npmCacheDir: string;
  assetsDir: string;
  /** Working folder inside the sandbox (absolute, under INSIDE.project). */
  cwd: string;
  env: Record<string, string>;
  /** Extra bwrap arguments (the network holder adds --unshare-net and its bridge folder). */
  extra?: string[];
}

/**
 * bubblewrap arguments that confine a process: a fresh root with read-only system folders, the project
 * folder as the only writable place besides the shared npm cache and private tmpfs, no host home, no
 * other sandboxes, no runner environment (--clearenv). No --new-session: the process must keep the pty as
 * its controlling terminal so Ctrl-C and job control work; the pty is private to that process anyway.
 */
export function bwrapArgs(options: BwrapOptions): string[] {
  const args = [
    '--die-with-parent',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--hostname',
    'kiln',
    ...systemBinds(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    INSIDE.home,
    '--bind',
    options.sandboxDir,
    INSIDE.project,
    '--bind',
    options.npmCacheDir,
    INSIDE.npmCache,
    '--ro-bind',
    options.assetsDir,
    INSIDE.assets,
    ...(options.extra ?? []),
    '--chdir',
    options.cwd,
    '--clearenv',
  ];
  for (const [key, value] of Object.entries(options.env)) {
    args.push('--setenv', key, value);
  }
  return args;
}

/** True when bubblewrap (with a private network and nsenter to join it) works on this machine. */
async function probeBwrap(): Promise<boolean> {
  try {
    await run(
      'bwrap',
      [
        '--die-with-parent',
        '--unshare-net',
        '--unshare-pid',
        ...systemBinds(),
        '--proc',
        '/proc',
        '--dev',
        '/dev',
        'true',
      ],
      {
        timeout: 10_000,
      }
    );
    await run('nsenter', ['--version'], { timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decide how sandboxes are isolated. `auto` uses bubblewrap when it works; without it the runner only
 * starts on a loopback address (a warning says processes run unsandboxed), never on a public one.
 */
export async function chooseIsolation(
  mode: 'auto' | 'bwrap' | 'none',
  loopback: boolean,
  logger: Logger
): Promise<IsolationKind> {
  if (mode !== 'none' && (await probeBwrap())) {
    return 'bwrap';
  }
  if (mode === 'bwrap') {
    throw new Error(
      'RUNNER_SANDBOX=bwrap but bubblewrap does not work here (is `bwrap` installed and are user namespaces allowed?)'
    );
  }
  if (!loopback) {
    throw new Error(
      'Refusing to start: bubblewrap is unavailable, and running sandboxes unsandboxed is only allowed when RUNNER_HOST is a loopback address'
    );
  }
  logger.warn(
    "WARNING: sandbox processes run UNSANDBOXED with the runner user's rights (no bubblewrap). Only acceptable on a single-user machine; RUNNER_HOST is loopback."
  );
  return 'none';
}
