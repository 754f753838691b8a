// The start-up line about ffmpeg and ffprobe: which ones run and where they came from, or what is missing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type MediaTool, videoToolsLine } from '../../server/media/tools.ts';

const tool = (path: string, source: MediaTool['source']): MediaTool => ({ path, source, env: {} });
// Any executable stands in for the tools: the line checks that the path runs, not what it is.
const node = process.execPath;

describe('video tools start-up line', () => {
  it('names both tools with where each was found', () => {
    assert.equal(
      videoToolsLine({ ffmpeg: tool(node, 'package'), ffprobe: tool(node, 'path') }),
      `video: ffmpeg ${node} (package), ffprobe ${node} (path)`,
    );
  });

  it('says which tool is missing and that videos keep only their original', () => {
    const line = videoToolsLine({ ffmpeg: tool(node, 'path'), ffprobe: null });
    assert.match(line, /^video: no ffprobe: /);
    assert.match(line, /videos keep only their original$/);
  });

  it('says a configured path that does not run, rather than naming it as found', () => {
    const line = videoToolsLine({
      ffmpeg: tool('/nonexistent/ffmpeg', 'environment'),
      ffprobe: tool(node, 'path'),
    });
    assert.match(line, /^video: no ffmpeg \(\/nonexistent\/ffmpeg does not run\): set FFMPEG_PATH/);
  });
});
