// Runs ffmpeg or ffprobe as a child process: off the event loop, at a lower CPU priority than the server, with
// a time limit and an abort signal, reading ffmpeg's `-progress` lines as they come.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import type { MediaTool } from './tools.ts';

export interface RunOptions {
  /** Milliseconds before the child is killed and the run fails. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Niceness of the child (0-19); the API process keeps its own. */
  nice?: number;
  /** Called with each `key=value` line of `-progress pipe:1` (or any stdout line). */
  onLine?: (line: string) => void;
  /** Keep all of stdout (ffprobe's JSON); otherwise only lines are passed to onLine. */
  collectStdout?: boolean;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  /** The last part of stderr, where the error is. */
  stderr: string;
}

/** A run that did not end well: the child's own words are in `detail`. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

const STDERR_KEEP = 16 * 1024;
const STDOUT_LIMIT = 8 * 1024 * 1024;

export function runTool(tool: MediaTool, args: string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ToolError('Stopped before it started', ''));
      return;
    }
    const child = spawn(tool.path, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...tool.env },
    });
    if (child.pid !== undefined && options.nice) {
      try {
        setPriority(child.pid, options.nice);
      } catch {
        // Not allowed here (some containers): the child runs at normal priority.
      }
    }
    let stdout = '';
    let partial = '';
    let stderr = '';
    let ended: string | null = null;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.collectStdout && stdout.length < STDOUT_LIMIT) stdout += chunk;
      if (!options.onLine) return;
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line.trim());
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    const stop = (why: string) => {
      if (ended) return;
      ended = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(
      () => stop(`timed out after ${Math.round(options.timeoutMs / 1000)} s`),
      options.timeoutMs,
    );
    const onAbort = () => stop('stopped');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      finish();
      reject(new ToolError(`${tool.path} could not be started: ${error.message}`, ''));
    });
    child.on('close', (code, signal) => {
      finish();
      if (ended) reject(new ToolError(`${basename(tool.path)} ${ended}`, stderr));
      else if (code === null) reject(new ToolError(`${basename(tool.path)} died (${signal})`, stderr));
      else resolve({ code, stdout, stderr });
    });
  });
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** The last meaningful line of a tool's stderr, short enough for a record's `message`. */
export function lastLine(text: string): string {
  const lines = text
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines.pop() ?? '').slice(0, 300);
}
