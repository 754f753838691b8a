// The fixed-rate mixed phase of bench/server-load, run as a process of its own: a generator sharing its
// process with the earlier closed-loop phases inherited their heap, and its own collector pauses (up to
// 57 ms of send lag) counted as the server's latency. Reads its plan from the JSON file named by argv[2] and prints the
// OpenLoopResult as one JSON line.
import { readFileSync } from 'node:fs';
import { openLoop, type PlannedRequest } from './open-loop.ts';

export interface MixedPlan {
  origin: string;
  rate: number;
  seconds: number;
  /** One cycle of request kinds, repeated: `items`, `list` or `write`. */
  mix: ('items' | 'list' | 'write')[];
  itemsPath: string;
  listPath: string;
  writePath: string;
  pages: number;
  rids: string[];
  headers: Record<string, string>;
}

const plan = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as MixedPlan;
const page = () => 1 + Math.floor(Math.random() * plan.pages);
const result = await openLoop({
  origin: plan.origin,
  rate: plan.rate,
  seconds: plan.seconds,
  headers: plan.headers,
  next: (index): PlannedRequest => {
    const slot = plan.mix[index % plan.mix.length];
    if (slot === 'write') {
      const rid = plan.rids[Math.floor(Math.random() * plan.rids.length)];
      return { method: 'POST', path: `${plan.writePath}&rid=${rid}&caption=load+${index}`, kind: 'write' };
    }
    return {
      method: 'GET',
      path: `${slot === 'items' ? plan.itemsPath : plan.listPath}&page=${page()}`,
      kind: 'read',
    };
  },
});
console.log(JSON.stringify(result));
