// Test-runner commands that give each browser test file its own reference server (fresh data dir, free
// port), and let a test take that server down and up again on the same port and data dir, count the bytes
// it received, hash what it stored, seed the demo gallery and wait for the version worker.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

export function serverCommandsPlugin() {
  /** Running servers by test session, closed when the session ends or the runner stops. */
  const running = new Map();
  let helpers;
  const load = async () => {
    helpers ??= {
      ...(await tsImport('../helpers/server.ts', import.meta.url)),
      ...(await tsImport('../helpers/patterned-file.ts', import.meta.url)),
      ...(await tsImport('../../server/media/storage.ts', import.meta.url)),
      ...(await tsImport('../../server/web/demo-seed.ts', import.meta.url)),
    };
    return helpers;
  };
  /** Counts what reached the server, across its restarts. */
  const countBytes = async (entry) => {
    const { countReceivedBytes } = await load();
    entry.counters.push(countReceivedBytes(entry.server.server));
  };
  const entryOf = (session, payload) => {
    const entry = running.get(session.id)?.[payload?.id ?? 0];
    if (!entry) throw new Error(`no server ${payload?.id ?? 0} in this test file`);
    return entry;
  };

  return {
    name: 'gallery-server-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'start-server') {
        const { startTestServer } = await load();
        const server = await startTestServer(payload ?? {});
        const list = running.get(session.id) ?? [];
        const entry = { server, options: payload ?? {}, counters: [], down: false };
        await countBytes(entry);
        list.push(entry);
        running.set(session.id, list);
        return { baseUrl: server.baseUrl, origin: server.origin, token: server.token, id: list.length - 1 };
      }
      if (command === 'stop-servers') {
        for (const entry of running.get(session.id) ?? []) if (!entry.down) await entry.server.close();
        running.delete(session.id);
        return true;
      }
      if (command === 'server-down') {
        // As a network cut: every connection dies at once, the request in flight with it.
        const entry = entryOf(session, payload);
        entry.server.server.app.server.closeAllConnections();
        await entry.server.stop();
        entry.down = true;
        return true;
      }
      if (command === 'server-up') {
        const entry = entryOf(session, payload);
        const { startTestServer } = await load();
        const port = Number(new URL(entry.server.origin).port);
        const server = await startTestServer({
          ...entry.options,
          dataDir: entry.server.dataDir,
          listenPort: port,
        });
        entry.server = server;
        entry.down = false;
        await countBytes(entry);
        return true;
      }
      if (command === 'received-bytes') {
        const entry = entryOf(session, payload);
        return entry.counters.reduce((sum, count) => sum + count(), 0);
      }
      if (command === 'asset-sha256') {
        const entry = entryOf(session, payload);
        const { storagePath } = await load();
        const { ctx } = entry.server.server;
        const asset = ctx.db.prepare('SELECT storage_key FROM assets WHERE rid = ?').get(payload.rid);
        if (!asset) return null;
        return hashFile(storagePath(ctx, asset.storage_key));
      }
      if (command === 'seed-demo') {
        // The gallery `--demo` makes (generated photos), with every version made before it answers.
        const entry = entryOf(session, payload);
        const { seedDemoGallery } = await load();
        await seedDemoGallery(entry.server.baseUrl, entry.server.token);
        await entry.server.server.services.versions.idle();
        return true;
      }
      if (command === 'versions-idle') {
        await entryOf(session, payload).server.server.services.versions.idle();
        return true;
      }
      if (command === 'patterned-sha256') {
        const { pieces, sharedBlock } = await load();
        const block = sharedBlock();
        const hash = createHash('sha256');
        for (const piece of pieces(payload.bytes)) {
          hash.update(piece.header);
          hash.update(block.subarray(0, piece.blockBytes));
        }
        return hash.digest('hex');
      }
      return undefined;
    },
    async serverStop() {
      for (const list of running.values())
        for (const entry of list) if (!entry.down) await entry.server.close();
      running.clear();
    },
  };
}

function hashFile(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
