// Registers <gallery-view> (only in a browser, only once) and types document.createElement for it.
import { defineElement } from '../shared/define-element.ts';
import { GalleryView } from './gallery-view.ts';

defineElement('gallery-view', GalleryView);

declare global {
  interface HTMLElementTagNameMap {
    'gallery-view': GalleryView;
  }
}
