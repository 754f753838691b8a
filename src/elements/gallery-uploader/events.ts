// The uploader's typed DOM events: they bubble and cross shadow roots so any ancestor (or a page-level
// listener feeding a <gallery-view> elsewhere) can react without a reference to the element.

/** A file as the events describe it: local files carry Uppy's id, URL imports their status id. */
export interface UploadFileInfo {
  id: string;
  name: string;
  /** Bytes, or -1 while unknown (URL imports before the server knows the size). */
  size: number;
  type: string;
  source: 'local' | 'url';
}

/** The asset record the server returned (decisions.md "Records"); fields beyond rid depend on details. */
export interface UploadedAsset {
  rid: string;
  filename?: string;
  type?: string;
  caption?: string;
  description?: string;
  [field: string]: unknown;
}

export interface UploadStartDetail {
  files: UploadFileInfo[];
}

export interface UploadProgressDetail {
  file: UploadFileInfo;
  bytesUploaded: number;
  /** -1 while unknown. */
  bytesTotal: number;
  /** 0-100. */
  percentage: number;
}

export interface UploadSuccessDetail {
  file: UploadFileInfo;
  rid: string;
  /** The gallery the asset went into (empty when the element targets no gallery). */
  fid: string;
  asset: UploadedAsset;
}

export interface UploadErrorDetail {
  file: UploadFileInfo | null;
  /** HTTP status, 0 when no response arrived. */
  status: number;
  /** The API's error code (`too_large`, `permission_denied`, …) or `network_error`. */
  code: string;
  /** A sentence for people, from the server's JSON envelope when it sent one. */
  message: string;
}

export interface UploadRetryDetail {
  file: UploadFileInfo;
  /** The attempt about to start: 2 for the first retry. */
  attempt: number;
}

export interface UploadCompleteDetail {
  successful: { file: UploadFileInfo; rid: string }[];
  failed: { file: UploadFileInfo; message: string }[];
}

const init = { bubbles: true, composed: true } as const;

export class GalleryUploadStartEvent extends Event {
  static readonly type = 'gallery-upload-start';
  constructor(readonly detail: UploadStartDetail) {
    super(GalleryUploadStartEvent.type, init);
  }
}

export class GalleryUploadProgressEvent extends Event {
  static readonly type = 'gallery-upload-progress';
  constructor(readonly detail: UploadProgressDetail) {
    super(GalleryUploadProgressEvent.type, init);
  }
}

export class GalleryUploadSuccessEvent extends Event {
  static readonly type = 'gallery-upload-success';
  constructor(readonly detail: UploadSuccessDetail) {
    super(GalleryUploadSuccessEvent.type, init);
  }
}

export class GalleryUploadErrorEvent extends Event {
  static readonly type = 'gallery-upload-error';
  constructor(readonly detail: UploadErrorDetail) {
    super(GalleryUploadErrorEvent.type, init);
  }
}

/** A file is sent again, on a fresh upload URL, after a passing failure (5xx, 429, no answer, expired URL). */
export class GalleryUploadRetryEvent extends Event {
  static readonly type = 'gallery-upload-retry';
  constructor(readonly detail: UploadRetryDetail) {
    super(GalleryUploadRetryEvent.type, init);
  }
}

export class GalleryUploadCompleteEvent extends Event {
  static readonly type = 'gallery-upload-complete';
  constructor(readonly detail: UploadCompleteDetail) {
    super(GalleryUploadCompleteEvent.type, init);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'gallery-upload-start': GalleryUploadStartEvent;
    'gallery-upload-progress': GalleryUploadProgressEvent;
    'gallery-upload-success': GalleryUploadSuccessEvent;
    'gallery-upload-error': GalleryUploadErrorEvent;
    'gallery-upload-retry': GalleryUploadRetryEvent;
    'gallery-upload-complete': GalleryUploadCompleteEvent;
  }
  interface HTMLElementEventMap {
    'gallery-upload-start': GalleryUploadStartEvent;
    'gallery-upload-progress': GalleryUploadProgressEvent;
    'gallery-upload-success': GalleryUploadSuccessEvent;
    'gallery-upload-error': GalleryUploadErrorEvent;
    'gallery-upload-retry': GalleryUploadRetryEvent;
    'gallery-upload-complete': GalleryUploadCompleteEvent;
  }
}
