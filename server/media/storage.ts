// Where media files live on disk: `<dataDir>/media/<rid>/` for stored files, `<dataDir>/tmp/` for files
// still arriving, `<dataDir>/partial/` for chunked uploads between their chunks (kept across restarts).
import { createWriteStream, mkdirSync, readdirSync, rmSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { notFound } from '../errors.ts';
import { newId } from '../ids.ts';

/** Where a server keeps its files: under its data dir. */
interface DataDir {
  options: { dataDir: string };
}

/** rids and version names are server-chosen; anything else must never reach a path. */
const SAFE_SEGMENT = /^[a-z0-9][a-z0-9_.-]{0,127}$/i;

/** A name that cannot be ours names no stored file: 404, whoever asked. */
function safeSegment(value: string, what: string): string {
  if (!SAFE_SEGMENT.test(value) || value.includes('..')) throw notFound(what, JSON.stringify(value));
  return value;
}

export function mediaDir(ctx: DataDir): string {
  return join(ctx.options.dataDir, 'media');
}

export function tmpDir(ctx: DataDir): string {
  return join(ctx.options.dataDir, 'tmp');
}

/** Chunked uploads between chunks; unlike tmp it is not emptied at start (see chunked-uploads.ts). */
export function partialDir(ctx: DataDir): string {
  return join(ctx.options.dataDir, 'partial');
}

/** The file of one partial upload; its name is a hash the server made. */
export function partialPath(ctx: DataDir, file: string): string {
  return join(partialDir(ctx), safeSegment(file, 'partial upload'));
}

/** The folder of one asset's original and versions (not created here). */
export function assetDir(ctx: DataDir, rid: string): string {
  return join(mediaDir(ctx), safeSegment(rid, 'rid'));
}

/** Path of a stored file relative to the media dir, as kept in `storage_key`. */
export function storageKey(rid: string, name: string): string {
  return `${safeSegment(rid, 'rid')}/${safeSegment(name, 'file name')}`;
}

/** Absolute path of a `storage_key`: `<rid>/<file>`, or `<rid>/<folder>/<file>` inside a version's folder. */
export function storagePath(ctx: DataDir, key: string): string {
  const [rid = '', ...names] = key.split('/');
  if (names.length < 1 || names.length > 2) throw notFound('Stored file', JSON.stringify(key));
  return join(assetDir(ctx, rid), ...names.map((name) => safeSegment(name, 'file name')));
}

/** Public URL of a stored file; `name` is `original` or a version name such as `jpg_600x450`. */
export function fileUrl(ctx: { publicUrl(): string }, rid: string, name: string): string {
  return `${ctx.publicUrl()}/files/${encodeURIComponent(rid)}/${encodeURIComponent(name)}`;
}

/** A fresh, unused path under tmp (the tmp dir is created when missing). */
export function newTempPath(ctx: DataDir): string {
  const dir = tmpDir(ctx);
  mkdirSync(dir, { recursive: true });
  return join(dir, `part-${newId(20)}`);
}

/**
 * How much of an arriving file may wait in memory for the disk. With the 16 KB default every 64 KB read
 * from the socket waited for its own write (the socket paused, then resumed); with room for a few reads
 * the socket keeps being read while a write is in flight, and what arrived meanwhile goes in one writev.
 * 1 GiB from curl into a bare Node server: 1.2-2.3 s before, 0.55-0.59 s after, and half the CPU.
 */
const INCOMING_BUFFER_BYTES = 1024 * 1024;

/** A new file (never an existing one) for bytes arriving from the network: an upload or a URL import. */
export function incomingFile(path: string): WriteStream {
  return createWriteStream(path, { flags: 'wx', highWaterMark: INCOMING_BUFFER_BYTES });
}

/**
 * The next chunk of a partial upload, written at the end of its file (the caller has cut the file to the
 * stored length first). `flush` syncs the file before the stream closes: the stored length is recorded
 * only after that, so a crash never records bytes the disk does not hold.
 */
export function appendingFile(path: string): WriteStream {
  return createWriteStream(path, { flags: 'a', highWaterMark: INCOMING_BUFFER_BYTES, flush: true });
}

/**
 * Stops writing an incoming file and waits until its stream has let go of it, so that removing the file
 * then works: the stream opens its file asynchronously, and a removal that ran before the open found
 * nothing and left the file the open created a moment later (seen under load in test/server/upload).
 */
export async function abandonIncoming(stream: WriteStream | undefined): Promise<void> {
  if (!stream || stream.closed) return;
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  stream.destroy();
  await closed;
}

/**
 * Removes every file of an asset; a missing folder is not an error. Best effort: the version worker may
 * be writing into the folder at that moment (ENOTEMPTY), so it retries, and what is still left then is
 * removed by the worker itself when it sees the asset gone. The rows are already deleted by the time
 * this runs, so a leftover file must never turn the call into a 500.
 */
export function removeAssetFiles(ctx: DataDir, rid: string): void {
  try {
    rmSync(assetDir(ctx, rid), { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  } catch {
    // Left to the version worker (see above).
  }
}

/** Start-up cleanup: whatever is in tmp belongs to an upload or fetch that never finished. */
export function clearTemp(ctx: DataDir): void {
  const dir = tmpDir(ctx);
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true });
}
