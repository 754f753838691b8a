// The words of <live-player> in English (inline in its chunk) and the shape of every language's table.

export interface LivePlayerStrings {
  liveStream: string;
  lookingUp: string;
  connecting: string;
  waiting: string;
  ready: string;
  ended: string;
  stalled: string;
  reconnecting: string;
  unsupported: string;
  cannotPlay: string;
  unreachable: string;
  notFound: string;
  loadFailed: string;
  liveControls: string;
  live: string;
  jumpToLive: string;
  latency: string;
  latencyUnknown: string;
  quality: string;
  auto: string;
  administration: string;
  start: string;
  stop: string;
  reset: string;
  state: string;
  streamIdle: string;
  streamStarting: string;
  streamLive: string;
  streamStopped: string;
  streamResetting: string;
  note: string;
  adminError: string;
  unmute: string;
}

export const en: LivePlayerStrings = {
  liveStream: 'Live stream',
  lookingUp: 'Looking up the stream…',
  connecting: 'Connecting to the stream…',
  waiting: 'Waiting for the stream…',
  ready: 'The stream is live: press play to watch.',
  ended: 'Stream ended.',
  stalled: 'The stream has stalled; waiting for it to resume…',
  reconnecting: 'Connection lost, reconnecting…',
  unsupported: 'This browser cannot play live streams.',
  cannotPlay: 'The stream cannot be played.',
  unreachable: 'The stream could not be reached.',
  notFound: 'This live stream does not exist.',
  loadFailed: 'The stream could not be loaded.',
  liveControls: 'Live controls',
  live: 'Live',
  jumpToLive: 'Jump to live',
  latency: 'Latency: {seconds} s',
  latencyUnknown: 'Latency: –',
  quality: 'Quality',
  auto: 'Auto',
  administration: 'Stream administration',
  start: 'Start stream',
  stop: 'Stop stream',
  reset: 'Reset stream',
  state: 'State:',
  streamIdle: 'Idle',
  streamStarting: 'Starting',
  streamLive: 'Live',
  streamStopped: 'Stopped',
  streamResetting: 'Resetting',
  note: 'Note on charges:',
  adminError: 'Error:',
  unmute: 'Turn sound on',
};
