// CPU time a process has used, from /proc/<pid>/stat (Linux): sampled around a phase, it tells whether the
// server was the busy side (near one core) or waited on its client.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime: 100 on every Linux build we run on. */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds of `pid` so far (0 where /proc cannot be read). */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the `(comm)`, which may itself hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}
