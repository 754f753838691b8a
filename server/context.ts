// What every route and service of one running server shares: options, clock, database, the read model and
// the access policy; built once by createContext.

import { Credentials } from './auth/credentials.ts';
import { CsrfTokens } from './auth/csrf.ts';
import { type OpenIdOptions, OpenIdSignIn } from './auth/openid.ts';
import { AccessPolicy } from './auth/policy.ts';
import { PortalGate } from './auth/portal-gate.ts';
import { PortalSessions } from './auth/portal-sessions.ts';
import { PortalSignIn } from './auth/portal-sign-in.ts';
import { SignInThrottle, type ThrottleLimits } from './auth/sign-in-throttle.ts';
import { type Clock, systemClock } from './clock.ts';
import { EventBus } from './events.ts';
import { fileUrl } from './media/storage.ts';
import { ReadModel } from './read-model/index.ts';
import { AssetStore } from './store/assets.ts';
import { type Db, openDatabase } from './store/db.ts';
import { GalleryStore } from './store/galleries.ts';
import { PortalSessionStore } from './store/portal-sessions.ts';
import { PortalStore } from './store/portals.ts';
import { SecretBox } from './store/secret-box.ts';
import { type AccountSettings, loadAccountSettings } from './store/settings.ts';
import { TokenStore } from './store/tokens.ts';
import { UserStore } from './store/users.ts';

/** Injected faults (http/faults.ts reads them; `error=0.3,drop=0.1,…` on the command line). */
export interface FaultOptions {
  /** Share (0-1) of matching requests answered with a 500 `internal` before they do anything. */
  errorRate?: number;
  /** Share (0-1) of matching upload POSTs whose connection is destroyed midway through the body. */
  dropRate?: number;
  /**
   * Share (0-1) of matching upload POSTs whose upload (or chunk) is stored as usual, then the connection is
   * destroyed instead of answering: the client never learns it succeeded, as when a network fails late.
   */
  cutRate?: number;
  /**
   * Share (0-1) of matching upload POSTs answered as if their signed URL had expired (403), as happens
   * to a URL fetched early in a long queue; a good client asks for a fresh URL.
   */
  expireRate?: number;
  /** Milliseconds added to every matching request. */
  latencyMs?: number;
  /** Operation names (`gallery.get_items`, `upload` for the upload POST); empty = every operation. */
  operations?: string[];
  /** Seed of the random choices, so a failing run can be replayed. */
  seed?: number;
}

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
  /** Live simulator: ms from live.start until the stream is `live` (default 2000). */
  liveStartDelayMs?: number;
  /** Live simulator: ms a reset lasts before the stream is `idle` again (default 1000). */
  liveResetDelayMs?: number;
  /** Live simulator: ms the ended playlist (#EXT-X-ENDLIST) is still served after live.stop (default 10000). */
  liveEndedGraceMs?: number;
  /** Tests only: the simulated source stops adding segments this many ms after start (a frozen playlist). */
  liveFreezeAfterMs?: number;
  /** Tests only: from this many ms after start, playlist and segment connections are cut (a network drop)… */
  liveDropAfterMs?: number;
  /** …for this many ms (default 5000). */
  liveDropForMs?: number;
  /**
   * live.start/stop/reset answer the hosted service's `note` on extra charges. Off by default: a local
   * server charges nothing, so its `note` is empty (and <live-player> shows none).
   */
  liveChargeNotes?: boolean;
  /** Live simulator: directory of the bundled segments (default server/live/assets). */
  liveAssetsDir?: string;
  /** Injected faults for reliability tests (server/http/faults.ts); off when absent. */
  faults?: FaultOptions;
  /** URL imports: ms without any data from the remote server before the fetch fails (default 30000). */
  urlImportStallMs?: number;
  /**
   * Path of ffmpeg for posters and HLS renditions; null turns them off; default: FFMPEG_PATH, then `ffmpeg`
   * on PATH, then the binary of the @ffmpeg-installer package (server/media/tools.ts).
   */
  ffmpegPath?: string | null;
  /** Path of ffprobe, found like ffmpeg (FFPROBE_PATH, PATH, @ffprobe-installer). */
  ffprobePath?: string | null;
  /** Transcodes (video and audio renditions) run at once: 1 (default) to 4. */
  transcodeConcurrency?: number;
  /** Milliseconds one transcode may take (default: 2 minutes plus 20 s per second of media). */
  transcodeTimeoutMs?: number;
  /** Portals: accept cname_domain without the DNS CNAME lookup (offline use). */
  skipDnsChecks?: boolean;
  /** Portals: the OpenID Connect provider visitors may sign in with (`--oidc-issuer` and the client). */
  openid?: OpenIdOptions;
  /**
   * Behind a reverse proxy: believe its X-Forwarded-For, -Proto and -Host (the visitor's address, https
   * for Secure cookies). Off by default, as anyone can send those headers.
   */
  trustProxy?: boolean;
  /** Portals: the limits on wrong passwords (default 10 per address, 50 per account, in 15 minutes). */
  signInThrottle?: ThrottleLimits;
  /** Webhooks: waits between delivery tries (default 1 s, 10 s, 1 min, 10 min, 1 h; the last repeats). */
  webhookRetryDelaysMs?: number[];
  /** Webhooks: ms a receiver may take to answer before the try counts as failed (default 10000). */
  webhookTimeoutMs?: number;
}

export interface ServerContext {
  options: ServerOptions;
  clock: Clock;
  db: Db;
  account: AccountSettings;
  tokens: TokenStore;
  events: EventBus;
  /** Records, pages and lookups kept between requests (read-model/). */
  readModel: ReadModel;
  /** Who may call what on which target, and who may see a portal (auth/policy.ts). */
  access: AccessPolicy;
  /** Signing in to portals: passwords, registration, OpenID identities (auth/portal-sign-in.ts). */
  portalSignIn: PortalSignIn;
  /** The OpenID Connect flow with the configured provider (auth/openid.ts). */
  openid: OpenIdSignIn;
  /** CSRF tokens of the portal forms. */
  csrf: CsrfTokens;
  /** The origin URLs are built on, e.g. http://127.0.0.1:8787 (no trailing slash). */
  publicUrl(): string;
  /** Sets the origin once the server listens, when the options gave none. */
  listening(origin: string): void;
}

export function createContext(options: ServerOptions): ServerContext {
  const db = openDatabase(options.dataDir);
  const clock = options.clock ?? systemClock;
  const account = loadAccountSettings(db);
  const tokens = new TokenStore(db, new SecretBox(account.secret));
  const assets = new AssetStore(db);
  const galleries = new GalleryStore(db);
  let origin = options.publicUrl?.replace(/\/+$/, '') ?? '';
  const publicUrl = () => origin;
  const readModel = new ReadModel({
    db,
    clock,
    assets,
    galleries,
    tokens,
    fileUrl: (rid, name) => fileUrl({ publicUrl }, rid, name),
  });
  const sessionStore = new PortalSessionStore(db);
  const sessions = new PortalSessions(sessionStore, clock);
  const openid = new OpenIdSignIn(options.openid, sessionStore, clock);
  const portalSignIn = new PortalSignIn({
    portals: new PortalStore(db),
    users: new UserStore(db),
    sessions,
    throttle: new SignInThrottle(clock, options.signInThrottle),
    clock,
  });
  const access = new AccessPolicy(
    new Credentials(readModel.tokens, clock),
    {
      unknown: (rids) => {
        const found = assets.existing(rids);
        return rids.filter((rid) => !found.has(rid));
      },
      galleryExists: (fid) => galleries.exists(fid),
      inGallery: (rid, fid) => assets.inGallery(rid, fid),
      uploadedWith: (rid, tokenHash) => assets.uploadedWith(rid, tokenHash),
    },
    { account, clock },
    new PortalGate(sessions, portalSignIn, openid.configured),
  );
  return {
    options,
    clock,
    db,
    account,
    tokens,
    events: new EventBus(),
    readModel,
    access,
    portalSignIn,
    openid,
    csrf: new CsrfTokens(account.secret),
    publicUrl,
    listening(address) {
      if (!origin) origin = address;
    },
  };
}
