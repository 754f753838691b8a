// Demo wiring: reads the server's demo config, finds or creates the demo gallery and a live stream,
// then hands base URL, token and ids to every element on the page. The status line says in words what
// the page is connected to (`data-state`: `ready` once wired, `error` when it could not start).
import { GalleryClient } from '/elements/api.js';

const status = document.querySelector('[data-status]');
const say = (text, state) => {
  if (!status) return;
  status.textContent = text;
  if (state) status.dataset.state = state;
};
const items = (count) => (count === 1 ? '1 item' : `${count} items`);

async function main() {
  const config = await (await fetch('/demo/config.json')).json();
  const client = new GalleryClient({ baseUrl: config.baseUrl, token: config.token });
  const { galleries } = await client.gallery.list({ search: 'caption=Demo gallery' });
  const gallery =
    galleries.find((g) => g.name === 'Demo gallery') ??
    (await client.gallery.create({ name: 'Demo gallery' }));

  for (const el of document.querySelectorAll('gallery-uploader, gallery-view')) {
    el.setAttribute('base-url', config.baseUrl);
    el.setAttribute('token', config.token);
    el.setAttribute('fid', gallery.fid);
  }

  let stream;
  const players = document.querySelectorAll('live-player');
  if (players.length > 0) {
    const { live_streams } = await client.live.list();
    stream =
      live_streams.find((s) => s.name === 'Demo stream') ??
      (await client.live.create({ name: 'Demo stream' }));
    for (const el of players) {
      el.setAttribute('base-url', config.baseUrl);
      el.setAttribute('token', config.token);
      el.setAttribute('liveid', stream.liveid);
    }
  }

  const server = new URL(config.baseUrl).host;
  const usesGallery = document.querySelector('gallery-uploader, gallery-view') !== null;
  let count = gallery.items_count ?? 0;
  let lastUpload = '';
  const show = () => {
    const parts = [];
    if (usesGallery) parts.push(`Gallery “${gallery.name ?? 'Demo gallery'}”, ${items(count)}`);
    if (stream) parts.push(`live stream “${stream.name ?? 'Demo stream'}”`);
    if (lastUpload) parts.push(`last upload: ${lastUpload}`);
    const what = parts.join(' · ');
    say(`${what.charAt(0).toUpperCase()}${what.slice(1)} · reference server at ${server}`, 'ready');
  };
  // The view counts the gallery on each page it loads; without a view, each upload adds one.
  const view = document.querySelector('gallery-view');
  view?.addEventListener('gallery-load', (event) => {
    count = event.detail.itemsCount;
    show();
  });
  document.addEventListener('gallery-upload-success', (event) => {
    lastUpload = event.detail.file.name;
    if (!view) count++;
    show();
  });
  show();
}

main().catch((error) => say(`The demo could not start: ${error.message}`, 'error'));
