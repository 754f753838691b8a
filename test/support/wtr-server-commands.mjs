// Test-runner commands that give each browser test file its own reference server (fresh data dir, free port).
import { tsImport } from 'tsx/esm/api';

export function serverCommandsPlugin() {
  /** Running servers by test session, closed when the session ends or the runner stops. */
  const running = new Map();
  let helpers;
  const load = async () => {
    helpers ??= await tsImport('../helpers/server.ts', import.meta.url);
    return helpers;
  };

  return {
    name: 'gallery-server-commands',
    async executeCommand({ command, payload, session }) {
      if (command === 'start-server') {
        const { startTestServer } = await load();
        const server = await startTestServer(payload ?? {});
        const list = running.get(session.id) ?? [];
        list.push(server);
        running.set(session.id, list);
        return { baseUrl: server.baseUrl, origin: server.origin, token: server.token, id: list.length - 1 };
      }
      if (command === 'stop-servers') {
        for (const server of running.get(session.id) ?? []) await server.close();
        running.delete(session.id);
        return true;
      }
      return undefined;
    },
    async serverStop() {
      for (const list of running.values()) for (const server of list) await server.close();
      running.clear();
    },
  };
}
