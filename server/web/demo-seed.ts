// `--demo` on a fresh data dir: creates the demo gallery with a few generated photos and a public portal
// showing it, through the API itself, so the first `npm start` shows a grid, a lightbox and a hosted page
// before anyone uploads anything.
import sharp from 'sharp';

/** The gallery the demo pages look for, by this exact name (demo/demo.js). */
export const DEMO_GALLERY = 'Demo gallery';
/** The demo portal's subdomain (demo/index.html links to it). */
export const DEMO_PORTAL = 'demo';

const SAMPLES = [
  { caption: 'Harbour at dawn', from: '#f4a261', to: '#264653', width: 1600, height: 1067 },
  { caption: 'Fern, close up', from: '#8ab17d', to: '#2a4d14', width: 1067, height: 1600 },
  { caption: 'Salt flats', from: '#e9c46a', to: '#e76f51', width: 1600, height: 900 },
  { caption: 'Night tram', from: '#6d597a', to: '#0b132b', width: 1200, height: 1200 },
  { caption: 'Glacier lake', from: '#90e0ef', to: '#023e8a', width: 1600, height: 1067 },
  { caption: 'Market stalls', from: '#b56576', to: '#355070', width: 1067, height: 1600 },
];

function samplePhoto(sample: (typeof SAMPLES)[number]): Promise<Buffer> {
  const { width, height, from, to } = sample;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.12}" fill="#fff" opacity="0.35"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

async function api(
  baseUrl: string,
  token: string,
  operation: string,
  method: 'GET' | 'POST',
  params: Record<string, string>,
) {
  const url = new URL(`${operation}.json`, baseUrl);
  url.search = new URLSearchParams({ api_token: token, ...params }).toString();
  const response = await fetch(url, { method });
  const body = (await response.json()) as Record<string, unknown>;
  if (!body.success) throw new Error(`${operation}: ${String(body.message)}`);
  return body;
}

/**
 * Creates the demo gallery with its sample photos unless it exists already (a later start keeps it), and
 * the public demo portal showing it unless that exists.
 */
export async function seedDemoGallery(baseUrl: string, token: string): Promise<'created' | 'kept'> {
  const listed = await api(baseUrl, token, 'gallery.list', 'GET', { search: `caption=${DEMO_GALLERY}` });
  const existing = (listed.galleries as { fid: string; name: string }[]).find(
    (gallery) => gallery.name === DEMO_GALLERY,
  );
  const fid = existing?.fid ?? (await createDemoGallery(baseUrl, token));
  await seedDemoPortal(baseUrl, token, fid);
  return existing ? 'kept' : 'created';
}

async function createDemoGallery(baseUrl: string, token: string): Promise<string> {
  const created = await api(baseUrl, token, 'gallery.create', 'POST', {
    name: DEMO_GALLERY,
    description: 'Sample photos made by the reference server for the demo.',
  });
  for (const [index, sample] of SAMPLES.entries()) {
    const form = new FormData();
    const bytes = new Uint8Array(await samplePhoto(sample));
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `sample-${index + 1}.jpg`);
    form.append('caption', sample.caption);
    const response = await fetch(String(created.upload_url), { method: 'POST', body: form });
    if (!response.ok) throw new Error(`demo sample upload failed: HTTP ${response.status}`);
  }
  return String(created.fid);
}

async function seedDemoPortal(baseUrl: string, token: string, fid: string): Promise<void> {
  const listed = await api(baseUrl, token, 'portal.list', 'GET', { subdomain: DEMO_PORTAL });
  if ((listed.portals as unknown[]).length > 0) return;
  await api(baseUrl, token, 'portal.set', 'POST', {
    subdomain: DEMO_PORTAL,
    args: JSON.stringify({
      title: 'Demo portal',
      description:
        'A public portal of the reference server, showing the demo gallery. Open a photo to see it large.',
      galleries: [fid],
    }),
  });
}
