// The React example: React 19 renders <gallery-uploader> and <gallery-view> as it renders any element,
// passing properties (not strings) to them and listening to their events with `on<event-name>` props.
// An app writes `import 'gallery-elements/uploader'`; the demo imports the sources so it needs no build.
import { type ReactNode, type Ref, StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { GalleryClient } from '../../src/api/index.ts';
import '../../src/entries/uploader.ts';
import '../../src/entries/view.ts';
import type { GalleryUploader, GalleryUploadSuccessEvent } from '../../src/entries/uploader.ts';
import type { GalleryView } from '../../src/entries/view.ts';

/** Element props: React sets a prop as a property when the element has one, else as an attribute. */
type ElementProps<E extends HTMLElement, Props extends keyof E> = Partial<Pick<E, Props>> & {
  ref?: Ref<E>;
  id?: string;
  children?: ReactNode;
};

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'gallery-uploader': ElementProps<
        GalleryUploader,
        'baseUrl' | 'fid' | 'token' | 'metaFields' | 'theme'
      > & {
        'ongallery-upload-success'?: (event: GalleryUploadSuccessEvent) => void;
      };
      'gallery-view': ElementProps<GalleryView, 'baseUrl' | 'fid' | 'token' | 'layout' | 'columns' | 'theme'>;
    }
  }
}

interface Config {
  baseUrl: string;
  token: string;
  fid: string;
}

/** The reference server's demo config, and the demo gallery (created on first use). */
async function loadConfig(): Promise<Config> {
  const params = new URLSearchParams(location.search);
  const config = (await (await fetch('/demo/config.json')).json()) as { baseUrl: string; token: string };
  const client = new GalleryClient({ baseUrl: config.baseUrl, token: config.token });
  let fid = params.get('fid') ?? '';
  if (!fid) {
    const { galleries } = await client.gallery.list();
    fid =
      galleries.find((gallery) => gallery.name === 'Demo gallery')?.fid ??
      (await client.gallery.create({ name: 'Demo gallery' })).fid;
  }
  return { ...config, fid };
}

function App({ config }: { config: Config }) {
  const view = useRef<GalleryView>(null);
  /** The names of the files uploaded on this page, in order. */
  const [uploads, setUploads] = useState<string[]>([]);
  const [layout, setLayout] = useState<GalleryView['layout']>('grid');

  const onUploaded = (event: GalleryUploadSuccessEvent) => {
    setUploads((names) => [...names, event.detail.file.name]);
    view.current?.refresh();
  };

  return (
    <>
      <section className="card" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload</h2>
        <gallery-uploader
          baseUrl={config.baseUrl}
          token={config.token}
          fid={config.fid}
          metaFields="caption"
          ongallery-upload-success={onUploaded}
        />
        <p className="note" role="status" data-uploads={uploads.length}>
          {uploads.length === 0
            ? 'Nothing uploaded yet.'
            : `Uploaded ${uploads.length === 1 ? '1 file' : `${uploads.length} files`}: ${uploads.join(', ')}`}
        </p>
      </section>
      <section className="card" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">Gallery</h2>
        <label>
          Layout{' '}
          <select value={layout} onChange={(event) => setLayout(event.target.value as GalleryView['layout'])}>
            <option value="grid">Grid</option>
            <option value="masonry">Masonry</option>
            <option value="list">List</option>
          </select>
        </label>
        <gallery-view
          ref={view}
          baseUrl={config.baseUrl}
          token={config.token}
          fid={config.fid}
          layout={layout}
        />
      </section>
    </>
  );
}

function Main() {
  const [config, setConfig] = useState<Config | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    loadConfig().then(setConfig, (reason: Error) => setError(reason.message));
  }, []);
  if (error)
    return (
      <p className="status" data-state="error" role="alert">
        The demo could not start: {error}
      </p>
    );
  return config ? <App config={config} /> : <p className="status">Connecting to the reference server…</p>;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Main />
    </StrictMode>,
  );
