import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../app/lib/sandbox/types';
import { bwrapInstalled, runToEnd, startTestRunner, type TestRunner } from './test-support';

const SECRET_ENV = 'KILN_RUNNER_TEST_SECRET';

const bwrapPresent = bwrapInstalled;

describe.skipIf(!bwrapPresent)(
  `bubblewrap isolation${bwrapPresent ? '' : ' (skipped: bwrap is not installed)'}`,
  () => {
    let runner: TestRunner;
    let sandbox: Sandbox;

    beforeAll(async () => {
      process.env[SECRET_ENV] = 'do-not-leak-me';
      runner = await startTestRunner({ RUNNER_SANDBOX: 'bwrap' });
      sandbox = await runner.connect();
    });

    afterAll(async () => {
      delete process.env[SECRET_ENV];
      await sandbox.teardown();
      await runner.close();
    });

    async function sh(script: string): Promise<{ output: string; exitCode: number }> {
      return runToEnd(await sandbox.spawn('sh', ['-c', script]));
    }

    it('runs sandboxed, with a private network per sandbox', () => {
      expect(runner.runner.sandboxed).toBe(true);
      expect(runner.runner.privateNetwork).toBe(true);
    });

    it('hides the runner environment', async () => {
      const { output } = await sh('env');
      expect(output).not.toContain('do-not-leak-me');
      expect(output).not.toContain('SESSION_SECRET');
      expect(output).toContain('HOME=/home');
    });

    it('cannot read DATA_DIR, other sandboxes or the host home', async () => {
      await writeFile(path.join(runner.dataDir, 'outside.txt'), 'runner data');
      await mkdir(path.join(runner.dataDir, 'sandboxes', 'othersandbox1'), { recursive: true });
      await writeFile(path.join(runner.dataDir, 'sandboxes', 'othersandbox1', 'theirs.txt'), 'theirs');
      for (const file of [
        path.join(runner.dataDir, 'outside.txt'),
        path.join(runner.dataDir, 'sandboxes', 'othersandbox1', 'theirs.txt'),
        path.join(runner.dataDir, 'session-secret'),
      ]) {
        const { exitCode } = await sh(`cat '${file}'`);
        expect(exitCode, file).not.toBe(0);
      }
      const home = await sh('ls -A /root 2>&1; ls /home');
      expect(home.output).not.toMatch(/\.bashrc|\.npmrc/);
      expect(home.output).toContain('project');
      expect((await sh('cat /etc/shadow')).output).not.toMatch(/^root:/m);
    });

    it('can only write its project folder and private /tmp', async () => {
      expect((await sh('touch /usr/kiln-test')).exitCode).not.toBe(0);
      expect((await sh('touch /etc/kiln-test')).exitCode).not.toBe(0);
      expect((await sh('echo ok > /tmp/t && echo made > made.txt')).exitCode).toBe(0);
      expect(await sandbox.fs.readFile('made.txt', 'utf-8')).toBe('made\n');
    });

    it('cannot reach services on the host loopback, directly or through its proxy', async () => {
      const direct = await runToEnd(
        await sandbox.spawn('node', [
          '-e',
          `require('net').connect(${runner.runner.port}, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(7))`,
        ])
      );
      expect(direct.exitCode).toBe(7);
      const viaProxy = await runToEnd(
        await sandbox.spawn('node', [
          '-e',
          `const s = require('net').connect(Number(new URL(process.env.HTTP_PROXY).port), '127.0.0.1', () => s.write('CONNECT 127.0.0.1:${runner.runner.port} HTTP/1.1\\r\\n\\r\\n')); s.on('data', (d) => { console.log(d.toString().split('\\r\\n')[0]); process.exit(0); });`,
        ])
      );
      expect(viaProxy.output).toContain('403');
    });

    it('reaches the npm registry through the egress proxy', { timeout: 60_000 }, async () => {
      const { output, exitCode } = await sh('npm view zod version');
      expect(exitCode, output).toBe(0);
      expect(output).toMatch(/\d+\.\d+\.\d+/);
    });
  }
);
