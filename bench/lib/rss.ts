// Memory of a child process from /proc/<pid>/status (Linux): its resident set now, and the peak over a
// stretch of work, from the kernel's high-water mark (reset through clear_refs) and our own sampling.
import { readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 * 1024;

function status(pid: number): Record<string, number> {
  const values: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
    const match = /^(Vm\w+):\s+(\d+) kB/.exec(line);
    if (match?.[1] && match[2]) values[match[1]] = Number(match[2]) * 1024;
  }
  return values;
}

export function rssBytes(pid: number): number {
  return status(pid).VmRSS ?? 0;
}

export interface PeakWatch {
  /** Stops sampling; the highest resident set seen since start, in bytes. */
  stop(): number;
}

/** Samples VmRSS every `everyMs` and resets VmHWM so the kernel's own peak covers the same stretch. */
export function watchPeak(pid: number, everyMs = 20): PeakWatch {
  let kernelPeak = true;
  try {
    // "5" resets the peak resident set size (Linux >= 4.0); without it only our samples count.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    kernelPeak = false;
  }
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // The process ended: the last samples stand.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      try {
        const now = status(pid);
        peak = Math.max(peak, now.VmRSS ?? 0, kernelPeak ? (now.VmHWM ?? 0) : 0);
      } catch {
        // As above.
      }
      return peak;
    },
  };
}

export const toMb = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;
