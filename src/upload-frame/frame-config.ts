// Reads what the server handed the frame page in its meta tag (the page has no inline script).
import type { FrameConfig } from '../contract/upload-frame.ts';

export type { FrameConfig };

export function readFrameConfig(doc: Document = document): FrameConfig {
  const content = doc.querySelector('meta[name="gallery-frame-config"]')?.getAttribute('content') ?? '';
  const config = JSON.parse(content) as Partial<FrameConfig>;
  if (typeof config.baseUrl !== 'string' || typeof config.fid !== 'string' || !config.uploadToken) {
    throw new Error('The upload frame page is missing its configuration');
  }
  return {
    baseUrl: config.baseUrl,
    fid: config.fid,
    uploadToken: config.uploadToken,
    ownRids: Array.isArray(config.ownRids) ? config.ownRids.filter((rid) => typeof rid === 'string') : [],
    parentOrigin: typeof config.parentOrigin === 'string' ? config.parentOrigin : null,
  };
}
