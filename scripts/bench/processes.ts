import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export interface Started {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Starts a script as its own process and waits until `readyPath` answers 200. */
export async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  readyPath: string,
): Promise<Started> {
  const port = await freePort();
  // The server runs with `npm start`'s Node flags (package.json): a 2 MB young
  // generation keeps the embedded server ~45 MB smaller (docs/decisions.md).
  // A built script (.mjs) runs in plain Node, as `npm start` runs the server.
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, ['--max-semi-space-size=2', ...loader, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A bench that dies must not leave a server holding the data directory.
  process.once('exit', () => child.kill());
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}${readyPath}`, child, 120);
  return {
    child,
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // Requests still queued after a load can keep a graceful stop waiting.
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
