// What the server hands the upload frame page (upload.iframe with an upload_token) in its meta tag.

export interface FrameConfig {
  baseUrl: string;
  fid: string;
  uploadToken: string;
  /** Assets of the gallery uploaded with this token, in gallery order. */
  ownRids: string[];
  /** The only origin the page posts messages to; null posts none. */
  parentOrigin: string | null;
}
