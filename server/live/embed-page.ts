// The page that a stream's iframe_embed_code frames: a full-size <live-player> playing the stream's
// public playlist (no token: an embed sits on public pages, the playlist URL is all it needs).
import type { LiveEntry } from '../../src/contract/live.ts';
import { escapeHtml } from '../html.ts';

export function embedPage(entry: LiveEntry): string {
  const title = escapeHtml(entry.name || 'Live stream');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>html,body{margin:0;height:100%;background:#000}live-player{display:block;width:100%;height:100%}</style>
<script type="module" src="/elements/gallery-elements.js"></script>
</head>
<body>
<live-player src="${escapeHtml(entry.hls_playback_url)}" autoplay muted controls aria-label="${title}"></live-player>
</body>
</html>
`;
}
