// What every route and service of one running server shares: options, clock, database and stores.
import type { Clock } from './clock.ts';
import type { EventBus } from './events.ts';
import type { Db } from './store/db.ts';
import type { AccountSettings } from './store/settings.ts';
import type { TokenStore } from './store/tokens.ts';

export interface ServerOptions {
  /** Directory holding the SQLite file and the media files. */
  dataDir: string;
  /** A fixed application token of level `delete` (from --token or GALLERY_API_TOKEN). */
  token?: string;
  /** Public origin of the server, e.g. http://127.0.0.1:8787 (set once listening when not given). */
  publicUrl?: string;
  clock?: Clock;
  /** Largest accepted upload in bytes. */
  maxUploadBytes?: number;
  /** Serve the demo pages at `/`. */
  demo?: boolean;
  /** Log requests (off in tests). */
  logger?: boolean;
}

export interface ServerContext {
  options: ServerOptions;
  clock: Clock;
  db: Db;
  account: AccountSettings;
  tokens: TokenStore;
  events: EventBus;
  /** The origin URLs are built on, e.g. http://127.0.0.1:8787 (no trailing slash). */
  publicUrl(): string;
}
