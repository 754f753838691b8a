// Starts a server as a child process and waits for the URL it prints (`… listening: <url>`).
import { type ChildProcess, spawn } from 'node:child_process';

/** The arguments that start the reference server on a free port over `dataDir`, with `token`. */
export function serverArgs(dataDir: string, token: string): string[] {
  return ['bin/gallery-server.js', '--port', '0', '--data', dataDir, '--token', token];
}

export async function startProcess(
  args: string[],
  timeoutMs = 30_000,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no URL printed within ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening: (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  return { child, url };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Runs a node process to its end and gives its stdout; rejects on a non-zero exit. */
export function runToEnd(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`exited with ${code}: ${output.slice(-2000)}`)),
    );
  });
}
