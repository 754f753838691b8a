// Registers <gallery-uploader> (only in a browser, only once) and types document.createElement for it.
import { defineElement } from '../shared/define-element.ts';
import { GalleryUploader } from './gallery-uploader.ts';

defineElement('gallery-uploader', GalleryUploader);

declare global {
  interface HTMLElementTagNameMap {
    'gallery-uploader': GalleryUploader;
  }
}
