// The gallery-server command: start, print the base URL, serve, stop cleanly; token create.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { callApi } from '../helpers/server.ts';

const BIN = join(import.meta.dirname, '../../bin/gallery-server.js');

/** Starts the CLI and resolves with the base URL it prints (bounded to 20 s). */
function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no base URL printed: ${out}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening: (http:\/\/\S+\/v2\/)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('gallery-server command', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gallery-cli-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the base URL, answers ping with the --token and exits 0 on SIGTERM', async () => {
    const { child, baseUrl } = await startCli(['--port', '0', '--data', dataDir, '--token', 'cli-token']);
    const { status, body } = await callApi(baseUrl, 'ping', {}, { token: 'cli-token' });
    assert.equal(status, 200);
    assert.equal(body.ping, 'pong');
    const exited = exitCode(child);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });

  it('takes the token from GALLERY_API_TOKEN and exits 0 on SIGINT', async () => {
    const { child, baseUrl } = await startCli(['--port', '0', '--data', dataDir], {
      GALLERY_API_TOKEN: 'env-token',
    });
    assert.equal((await callApi(baseUrl, 'ping', {}, { token: 'env-token' })).status, 200);
    const exited = exitCode(child);
    child.kill('SIGINT');
    assert.equal(await exited, 0);
  });

  it('token create prints a token of the asked level', async () => {
    const made = spawnSync(process.execPath, [BIN, 'token', 'create', '--level', 'read', '--data', dataDir], {
      encoding: 'utf8',
    });
    assert.equal(made.status, 0, made.stderr);
    const token = made.stdout.trim();
    assert.match(token, /^[\w-]{40,}$/);
    const { child, baseUrl } = await startCli(['--port', '0', '--data', dataDir]);
    try {
      const ping = await callApi(baseUrl, 'ping', {}, { token });
      assert.equal(ping.status, 200);
      assert.equal(ping.body.permissions, '|asset.read|gallery.read|live.read|portal.read|webhook.read|');
      const temp = await callApi(baseUrl, 'token.get_temp', {}, { token });
      assert.equal(temp.status, 403);
      assert.equal(temp.body.code, 'permission_denied');
    } finally {
      const exited = exitCode(child);
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('refuses an unknown level and a bad port with exit code 2', () => {
    const bad = spawnSync(process.execPath, [BIN, 'token', 'create', '--level', 'admin', '--data', dataDir]);
    assert.equal(bad.status, 2);
    const port = spawnSync(process.execPath, [BIN, '--port', 'http', '--data', dataDir]);
    assert.equal(port.status, 2);
  });
});
