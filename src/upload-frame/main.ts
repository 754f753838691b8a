// The upload frame page: the uploader for the token's gallery, the visitor's own uploads to edit,
// reorder and remove, a camera button where there is a camera, and messages to the parent page.
import '../elements/gallery-uploader/define.ts';
import { offerCamera } from './camera.ts';
import { FrameApi } from './frame-api.ts';
import { readFrameConfig } from './frame-config.ts';
import type { UploadFrameItems } from './frame-items.ts';
import './frame-items.ts';
import { FrameMessenger } from './frame-messages.ts';
import { frameLanguage, speak } from './page-words.ts';

const config = readFrameConfig();
const language = frameLanguage(location.search, navigator.languages);
void speak(language, document);
const messenger = new FrameMessenger(config.parentOrigin);
const api = new FrameApi(config.baseUrl, config.uploadToken, config.fid);

const uploader = document.createElement('gallery-uploader');
uploader.setAttribute('base-url', config.baseUrl);
uploader.setAttribute('fid', config.fid);
uploader.setAttribute('upload-token', config.uploadToken);
uploader.setAttribute('meta-fields', 'caption,description');
uploader.setAttribute('locale', language);
// The embedding site may ask for more sources and the image editor in the frame's address:
// `…&sources=camera%20screen&image_editor=1`.
const wanted = new URLSearchParams(location.search);
const sources = wanted.get('sources');
if (sources) uploader.setAttribute('sources', sources);
if (wanted.get('image_editor') === '1') uploader.setAttribute('image-editor', '');
document.querySelector('.frame-uploader-slot')?.append(uploader);

const items = document.querySelector('upload-frame-items') as UploadFrameItems;
items.locale = language;
items.api = api;
items.messenger = messenger;
for (const rid of config.ownRids) items.addOwn(rid);
void items.reload();

uploader.addEventListener('gallery-upload-success', (event) => {
  const { rid } = event.detail;
  items.addOwn(rid);
  void items.reload();
  messenger.post({ type: 'gallery-upload-success', fid: config.fid, rid });
});

offerCamera(document.querySelector('.frame-camera'), (files) => void uploader.addFiles(files));

// The parent may size the frame to its content (the embed code's height is only a start).
new ResizeObserver(() => {
  messenger.post({ type: 'gallery-frame-resize', height: document.documentElement.scrollHeight });
}).observe(document.body);
messenger.post({ type: 'gallery-frame-ready', fid: config.fid });
