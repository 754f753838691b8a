// Package entry of the uploader: the class, its events and types; registers nothing (see define.ts).
export * from './events.ts';
export { GalleryUploader } from './gallery-uploader.ts';
export type { UploaderStrings, UppyLocaleLike } from './locales/en.ts';
export type { UploaderConfig, UploadMetaField } from './upload-controller.ts';
