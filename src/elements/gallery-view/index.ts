// Package entry of the gallery view: the class, its events and helpers; registers nothing (see define.ts).
export * from './events.ts';
export { type GalleryLayout, GalleryView, type GalleryViewState } from './gallery-view.ts';
export { aspectRatio, type ImageSource, imageSource, itemLabel } from './media.ts';
