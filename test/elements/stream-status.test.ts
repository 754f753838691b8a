// stream-status-controller.ts: how often <live-player> asks live.list again after each answer, and which
// failures end the polling (asking again cannot mend them).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/api/errors.ts';
import type { LiveEntry } from '../../src/api/types.ts';
import { isFinal, nextPoll } from '../../src/elements/live-player/stream-status-controller.ts';

const entry = (state: string) => ({ entry: { liveid: 'l1', state } as unknown as LiveEntry });
const failure = (status: number) => new ApiError({ status, code: 'x', message: 'x', operation: 'live.list' });

describe('stream status polling', () => {
  it('asks every second while the stream changes state, every 3 s while it stands', () => {
    assert.equal(nextPoll(entry('starting')), 1000);
    assert.equal(nextPoll(entry('resetting')), 1000);
    for (const state of ['idle', 'live', 'stopped']) assert.equal(nextPoll(entry(state)), 3000, state);
  });

  it('asks again after 10 s when a request failed in passing, and never after a final failure', () => {
    assert.equal(nextPoll({ error: failure(503), final: false }), 10_000);
    assert.equal(nextPoll({ error: failure(404), final: true }), undefined);
  });

  it('calls a 4xx final (the stream or the permission is gone), but not 429, 5xx or no answer', () => {
    for (const status of [400, 401, 403, 404]) assert.equal(isFinal(failure(status)), true, `${status}`);
    for (const status of [429, 500, 503, 0]) assert.equal(isFinal(failure(status)), false, `${status}`);
    assert.equal(isFinal(new Error('offline')), false);
  });
});
