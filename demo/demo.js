// Demo wiring: reads the server's demo config, finds or creates the demo gallery and a live stream,
// then hands base URL, token and ids to every element on the page.
import { GalleryClient } from '/elements/api.js';

const status = document.querySelector('[data-status]');
const say = (text) => {
  if (status) status.textContent = text;
};

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

  const players = document.querySelectorAll('live-player');
  if (players.length > 0) {
    const { live_streams } = await client.live.list();
    const stream =
      live_streams.find((s) => s.name === 'Demo stream') ??
      (await client.live.create({ name: 'Demo stream' }));
    for (const el of players) {
      el.setAttribute('base-url', config.baseUrl);
      el.setAttribute('token', config.token);
      el.setAttribute('liveid', stream.liveid);
    }
  }
  say(`Gallery ${gallery.fid} on ${config.baseUrl}`);
}

main().catch((error) => say(`Demo could not start: ${error.message}`));
