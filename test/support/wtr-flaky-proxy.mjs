// Test-runner commands for a reference server behind a real HTTP proxy that answers every Nth upload POST
// with a 500 (without forwarding it), so browser tests can prove retries store each file exactly once.
import { createServer, request } from 'node:http';
import { tsImport } from 'tsx/esm/api';

export function flakyProxyPlugin() {
  /** Proxies and their servers by test session: { server, state, origin, upstream }. */
  const running = new Map();
  let helpers;
  const load = async () => {
    helpers ??= await tsImport('../helpers/server.ts', import.meta.url);
    return helpers;
  };

  async function start(failEvery) {
    const state = { target: '', failEvery, uploads: 0, failed: 0 };
    const server = createServer((req, res) => {
      if (!state.target) {
        res.writeHead(503).end();
        return;
      }
      const isUpload = req.method === 'POST' && new URL(req.url ?? '/', 'http://x').pathname === '/upload';
      if (isUpload) {
        state.uploads++;
        if (state.failEvery > 0 && state.uploads % state.failEvery === 0) {
          state.failed++;
          // Read the whole body first: answering mid-upload would look like a network error instead.
          req.resume();
          req.on('end', () => {
            res.writeHead(500, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
            res.end(
              JSON.stringify({ success: false, runtime: 0, code: 'internal', message: 'Injected failure' }),
            );
          });
          return;
        }
      }
      const upstream = request(
        new URL(req.url ?? '/', state.target),
        { method: req.method, headers: { ...req.headers, host: new URL(state.target).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return { server, state, origin: `http://127.0.0.1:${port}` };
  }

  async function stop(list) {
    for (const { server, upstream } of list) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await upstream?.close();
    }
  }

  return {
    name: 'gallery-flaky-proxy',
    async executeCommand({ command, payload, session }) {
      if (command === 'start-flaky-server') {
        // The server signs upload URLs for the proxy's origin, so the element's uploads pass through it.
        const proxy = await start(Number(payload?.failEvery ?? 3));
        const { startTestServer } = await load();
        proxy.upstream = await startTestServer({ ...(payload?.options ?? {}), publicUrl: proxy.origin });
        const { port } = proxy.upstream.server.app.server.address();
        proxy.state.target = `http://127.0.0.1:${port}`;
        const list = running.get(session.id) ?? [];
        list.push(proxy);
        running.set(session.id, list);
        return {
          id: list.length - 1,
          baseUrl: `${proxy.origin}/v2/`,
          origin: proxy.origin,
          token: proxy.upstream.token,
        };
      }
      if (command === 'flaky-proxy-stats') {
        const proxy = running.get(session.id)?.[payload.id];
        return proxy ? { uploads: proxy.state.uploads, failed: proxy.state.failed } : null;
      }
      if (command === 'stop-flaky-servers') {
        await stop(running.get(session.id) ?? []);
        running.delete(session.id);
        return true;
      }
      return undefined;
    },
    async serverStop() {
      for (const list of running.values()) await stop(list);
      running.clear();
    },
  };
}
