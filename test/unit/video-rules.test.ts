// The pure rules of video versions: the HLS ladder, the master playlist, poster times, ffprobe's facts
// (rotation, pixel aspect, cover pictures) and subtitles converted to WebVTT.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  avcCodec,
  masterPlaylist,
  measuredRates,
  planLadder,
  playlistSegments,
} from '../../server/media/hls-ladder.ts';
import { posterTimes } from '../../server/media/poster.ts';
import { factsOf } from '../../server/media/probe.ts';
import { srtToVtt, toWebVtt } from '../../server/media/subtitles.ts';

describe('the HLS ladder', () => {
  const sizes = (w: number, h: number) => planLadder(w, h, 30).map((r) => `${r.width}x${r.height}`);

  test('is capped at the source: never upscaled, 1080p at most', () => {
    assert.deepEqual(sizes(1920, 1080), ['640x360', '1280x720', '1920x1080']);
    assert.deepEqual(sizes(1280, 720), ['640x360', '1280x720']);
    assert.deepEqual(sizes(3840, 2160), ['640x360', '1280x720', '1920x1080']);
    assert.deepEqual(sizes(320, 240), ['320x240']);
    // A rung just below the source's own size is left out: the source's rung covers it.
    assert.deepEqual(sizes(1280, 800), ['576x360', '1280x800']);
  });

  test('keeps a portrait video upright, sized by its short side', () => {
    assert.deepEqual(sizes(1080, 1920), ['360x640', '720x1280', '1080x1920']);
  });

  test('rates grow with the picture and with 60 fps, within 300-6000 kbit/s', () => {
    const at30 = planLadder(1920, 1080, 30);
    const at60 = planLadder(1920, 1080, 60);
    assert.ok(at30.every((r, i) => i === 0 || r.maxrateKbps > (at30[i - 1]?.maxrateKbps ?? 0)));
    assert.ok((at60[1]?.maxrateKbps ?? 0) > (at30[1]?.maxrateKbps ?? 0));
    assert.ok([...at30, ...at60].every((r) => r.maxrateKbps >= 300 && r.maxrateKbps <= 6000));
  });

  test('names H.264 profiles as RFC 6381 codecs', () => {
    assert.equal(avcCodec('Main', 31), 'avc1.4d401f');
    assert.equal(avcCodec('High', 40), 'avc1.640028');
    assert.equal(avcCodec('Constrained Baseline', 30), 'avc1.42c01e');
  });

  test('writes a master playlist lowest bandwidth first, with measured rates', () => {
    const master = masterPlaylist([
      {
        uri: '720p.m3u8',
        bandwidth: 3000000,
        averageBandwidth: 2000000,
        codecs: ['avc1.4d401f', 'mp4a.40.2'],
        width: 1280,
        height: 720,
        fps: 30,
      },
      {
        uri: '360p.m3u8',
        bandwidth: 900000,
        averageBandwidth: 600000,
        codecs: ['avc1.4d401e', 'mp4a.40.2'],
        width: 640,
        height: 360,
        fps: 30,
      },
    ]);
    const lines = master.trim().split('\n');
    assert.equal(lines[0], '#EXTM3U');
    assert.equal(lines[4], '360p.m3u8');
    assert.equal(lines[6], '720p.m3u8');
    assert.match(
      lines[3] ?? '',
      /BANDWIDTH=900000,AVERAGE-BANDWIDTH=600000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360/,
    );
    assert.deepEqual(
      measuredRates([
        { duration: 4, bytes: 500000 },
        { duration: 0.5, bytes: 200000 },
      ]),
      {
        peak: 1000000,
        average: 1244445,
      },
    );
    assert.deepEqual(
      playlistSegments('#EXTM3U\n#EXTINF:4.000,\na-1.ts\n#EXTINF:1.5,\na-2.ts\n#EXT-X-ENDLIST\n'),
      [
        { uri: 'a-1.ts', duration: 4 },
        { uri: 'a-2.ts', duration: 1.5 },
      ],
    );
  });
});

describe('poster times', () => {
  test('start 10% in (at least 1 s, at most half way), then a quarter, half and three quarters', () => {
    assert.deepEqual(posterTimes(60), [6, 15, 30, 45]);
    assert.deepEqual(posterTimes(4), [1, 2, 3]);
    assert.deepEqual(posterTimes(1), [0.5, 0.75]);
    assert.deepEqual(posterTimes(null), [0]);
  });
});

describe('facts from ffprobe', () => {
  test('a phone video recorded upright is as displayed: rotation swaps the sides', () => {
    const facts = factsOf({
      streams: [
        {
          codec_type: 'video',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          side_data_list: [{ rotation: -90 }],
        },
      ],
      format: { duration: '12.345' },
    });
    assert.deepEqual(facts.video, { width: 1080, height: 1920, fps: 30000 / 1001 });
    assert.equal(facts.duration, 12.345);
    assert.equal(facts.audio, false);
  });

  test('anamorphic pixels are widened; a cover picture in a sound file is no video', () => {
    assert.deepEqual(
      factsOf({ streams: [{ codec_type: 'video', width: 720, height: 576, sample_aspect_ratio: '16:11' }] })
        .video,
      {
        width: 1048,
        height: 576,
        fps: 25,
      },
    );
    const song = factsOf({
      streams: [
        { codec_type: 'audio' },
        { codec_type: 'video', width: 600, height: 600, disposition: { attached_pic: 1 } },
      ],
      format: { duration: '3.5' },
    });
    assert.equal(song.video, null);
    assert.equal(song.audio, true);
  });
});

describe('subtitles', () => {
  test('SRT becomes WebVTT: dots in times, settings kept, blank lines and arrows in text made harmless', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,5 --> 00:00:02,000 align:start\r\nOne --> two\r\n\r\n\r\n2\r\n0:00:03,000 --> 00:00:04,000\r\nLine\r\n';
    assert.equal(
      srtToVtt(srt),
      'WEBVTT\n\n1\n00:00:01.500 --> 00:00:02.000 align:start\nOne -> two\n\n2\n00:00:03.000 --> 00:00:04.000\nLine\n',
    );
  });

  test('WebVTT is kept, normalised; anything else is refused with a reason', () => {
    assert.equal(
      toWebVtt('WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi'),
      'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n',
    );
    assert.throws(() => toWebVtt('just some text'), /WebVTT \(\.vtt\) or SubRip \(\.srt\)/);
    assert.throws(() => srtToVtt('1\nnot a time\nText\n'), /no cue/);
  });
});
