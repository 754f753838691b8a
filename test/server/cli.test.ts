// The gallery-server command: start, print the base URL, serve, stop cleanly; token create; user accounts.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PortalVisitor } from '../helpers/portal-visitor.ts';
import { callApi } from '../helpers/server.ts';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/gallery-server.js');

/** Starts the CLI and resolves with the base URL it prints (bounded to 20 s). */
function startCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; baseUrl: string }> {
  return baseUrlOf(spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } }));
}

/** Resolves with the base URL a started server prints (bounded to 20 s). */
function baseUrlOf(child: ChildProcess): Promise<{ child: ChildProcess; baseUrl: string }> {
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

  it('runs what `npm start` runs: the demo on the printed URL, ping with demo-token, exit 0 on SIGTERM', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const [command, ...args] = String(pkg.scripts.start).split(' ');
    assert.equal(command, 'node');
    assert.deepEqual(args, ['bin/gallery-server.js', '--demo']);
    const demoData = mkdtempSync(join(tmpdir(), 'gallery-npm-start-'));
    // Only a free port and a fresh data dir are added; no token in the environment, so the demo's own applies.
    const env = { ...process.env };
    delete env.GALLERY_API_TOKEN;
    delete env.GALLERY_FAULTS;
    const started = spawn(process.execPath, [...args, '--port', '0', '--data', demoData], { cwd: ROOT, env });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const { child, baseUrl } = await baseUrlOf(started);
    try {
      const { status, body } = await callApi(baseUrl, 'ping', {}, { token: 'demo-token' });
      assert.equal(status, 200);
      assert.equal(body.ping, 'pong');
      const origin = new URL(baseUrl).origin;
      const page = await fetch(`${origin}/`);
      assert.equal(page.status, 200);
      assert.equal(new URL(page.url).pathname, '/demo/');
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await page.text(), /<gallery-uploader[\s>]/);
      // The fresh data dir got the demo gallery before the URL was printed.
      const galleries = await callApi(baseUrl, 'gallery.list', {}, { token: 'demo-token' });
      assert.ok(
        (galleries.body.galleries as { name: string }[]).some((gallery) => gallery.name === 'Demo gallery'),
        JSON.stringify(galleries.body),
      );
    } finally {
      const exited = exitCode(child);
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr);
      rmSync(demoData, { recursive: true, force: true });
    }
    assert.equal(stderr, '');
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
    // <accid>i<secret>, as the hosted service's application tokens.
    assert.match(token, /^\d+io[a-z0-9]{26}$/);
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

  it('user create prints a generated password that signs in on a portal; list and remove manage accounts', async () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, 'user', ...args, '--data', dataDir], { encoding: 'utf8' });
    const made = run('create', '--email', 'Owner@Example.test');
    assert.equal(made.status, 0, made.stderr);
    const [email, password] = made.stdout.trim().split('\t');
    assert.equal(email, 'owner@example.test');
    assert.match(password ?? '', /^[A-Za-z0-9_-]{24}$/);
    assert.equal(run('create', '--email', 'chosen@example.test', '--password', 'chosen-password').status, 0);
    const again = run('create', '--email', 'owner@example.test');
    assert.equal(again.status, 1);
    assert.match(again.stderr, /exists already/);
    assert.equal(run('create', '--email', 'not-an-email').status, 1);
    assert.equal(run('create').status, 2);
    assert.deepEqual(
      run('list')
        .stdout.trim()
        .split('\n')
        .map((line) => line.split('\t')[0]),
      ['owner@example.test', 'chosen@example.test'],
    );

    const { child, baseUrl } = await startCli(['--port', '0', '--data', dataDir, '--token', 'cli-token']);
    try {
      const set = await callApi(
        baseUrl,
        'portal.set',
        { subdomain: 'owners', allow_public: 'no', service_login: 'yes', service_login_user_add: email },
        { method: 'POST', token: 'cli-token' },
      );
      assert.equal(set.status, 200);
      const visitor = new PortalVisitor();
      const origin = baseUrl.replace(/\/v2\/$/, '');
      const page = await visitor.get(`${origin}/portals/owners/`);
      const inside = await visitor.submit(page, 'sign-in', {
        identifier: email as string,
        password: password as string,
      });
      assert.equal(inside.status, 200);
      assert.equal(inside.url, `${origin}/portals/owners/`);
    } finally {
      const exited = exitCode(child);
      child.kill('SIGTERM');
      await exited;
    }
    assert.equal(run('remove', '--email', 'chosen@example.test').status, 0);
    assert.equal(run('remove', '--email', 'chosen@example.test').status, 1);
    assert.deepEqual(run('list').stdout.trim().split('\t')[0], 'owner@example.test');
  });

  it('refuses half an OpenID configuration and a plain-http issuer elsewhere than this machine', () => {
    const half = spawnSync(
      process.execPath,
      [BIN, '--oidc-issuer', 'https://id.example.test', '--data', dataDir],
      {
        encoding: 'utf8',
      },
    );
    assert.equal(half.status, 2);
    assert.match(half.stderr, /--oidc-client-id/);
    const plain = spawnSync(process.execPath, [BIN, '--data', dataDir], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GALLERY_OIDC_ISSUER: 'http://id.example.test',
        GALLERY_OIDC_CLIENT_ID: 'x',
        GALLERY_OIDC_CLIENT_SECRET: 'y',
      },
    });
    assert.equal(plain.status, 2);
    assert.match(plain.stderr, /https:/);
  });
});
