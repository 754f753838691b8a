// Command line of the reference server: `gallery-server [options]`, `gallery-server token create` and
// `gallery-server user create|list|remove` (accounts for platform login on portals).
import { parseArgs } from 'node:util';
import { buildServer } from './app.ts';
import type { OpenIdOptions } from './auth/openid.ts';
import { ServiceError } from './errors.ts';
import { type FaultOptions, parseFaults } from './http/faults.ts';
import { mediaTools, videoToolsLine } from './media/tools.ts';
import type { TokenLevel } from './store/tokens.ts';
import { DEMO_PORTAL, seedDemoGallery } from './web/demo-seed.ts';

const USAGE = `Usage:
  gallery-server [--port 8787] [--host 127.0.0.1] [--data .data] [--token TOKEN] [--demo] [--faults SPEC]
  gallery-server token create --level read|write|delete [--data .data]
  gallery-server user create --email a@b.c [--password PASSWORD] [--data .data]
  gallery-server user list [--data .data]
  gallery-server user remove --email a@b.c [--data .data]

Portal sign-in:
  --oidc-issuer URL --oidc-client-id ID --oidc-client-secret SECRET
                    the OpenID Connect provider portal visitors may sign in with; register
                    <server origin>/oidc/callback (and https://<cname_domain>/oidc/callback for each portal
                    on its own domain) as redirect URIs there
  --trust-proxy     behind a reverse proxy: believe X-Forwarded-For/-Proto/-Host (Secure cookies over https)

Video:
  --transcodes N    video and audio transcodes run at once (1-4, default 1)

Live streams:
  --live-charge-notes  answer live.start/stop/reset with the hosted service's note on extra charges
                    (off: a local server charges nothing, so the note is empty)

Environment: GALLERY_API_TOKEN works like --token (an application token of level delete);
GALLERY_FAULTS works like --faults, for reliability tests only, e.g. error=0.3,drop=0.1,cut=0.1,latency=20,ops=upload;
GALLERY_OIDC_ISSUER, GALLERY_OIDC_CLIENT_ID, GALLERY_OIDC_CLIENT_SECRET work like the --oidc-* options, and
GALLERY_TRUST_PROXY=1 like --trust-proxy, GALLERY_TRANSCODES like --transcodes; FFMPEG_PATH and FFPROBE_PATH
name the ffmpeg and ffprobe to run (default: on PATH, else the ones the npm packages ship). \`user create\` prints a generated password when none is given.`;

export async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const dataDir = values.data ?? '.data';

  if (positionals[0] === 'token') {
    const level = values.level as TokenLevel | undefined;
    if (positionals[1] !== 'create' || !level || !['read', 'write', 'delete'].includes(level)) {
      console.error(USAGE);
      return 2;
    }
    const server = buildServer({ dataDir });
    console.log(server.services.tokens.createApplicationToken(level));
    await server.close();
    return 0;
  }
  if (positionals[0] === 'user') return userCommand(positionals[1], values, dataDir);
  if (positionals.length > 0) {
    console.error(`Unknown command: ${positionals.join(' ')}\n\n${USAGE}`);
    return 2;
  }

  const port = Number(values.port ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a port number, got ${values.port}`);
    return 2;
  }
  // The demo needs a token its pages can use; a fixed one keeps the README's instructions true.
  const token = values.token ?? process.env.GALLERY_API_TOKEN ?? (values.demo ? 'demo-token' : undefined);
  const faultSpec = values.faults ?? process.env.GALLERY_FAULTS;
  let faults: FaultOptions | undefined;
  try {
    faults = faultSpec ? parseFaults(faultSpec) : undefined;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  let openid: OpenIdOptions | undefined;
  try {
    openid = openIdOptions(values);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const transcodes = Number(values.transcodes ?? process.env.GALLERY_TRANSCODES ?? 1);
  if (!Number.isInteger(transcodes) || transcodes < 1 || transcodes > 4) {
    console.error(`--transcodes must be 1 to 4, got ${values.transcodes ?? process.env.GALLERY_TRANSCODES}`);
    return 2;
  }
  const trustProxy = values['trust-proxy'] === true || process.env.GALLERY_TRUST_PROXY === '1';
  const server = buildServer({
    dataDir,
    token,
    demo: values.demo,
    logger: false,
    faults,
    openid,
    trustProxy,
    transcodeConcurrency: transcodes,
    liveChargeNotes: values['live-charge-notes'] === true,
  });
  const baseUrl = await server.listen(port, values.host ?? '127.0.0.1');
  if (values.demo && token) {
    // Before the URL is printed, so a page opened at once finds the gallery and creates no second one.
    await seedDemoGallery(baseUrl, token).catch((error: Error) =>
      console.error(`demo: could not add the sample photos: ${error.message}`),
    );
  }
  console.log(`gallery-server listening: ${baseUrl}`);
  if (values.demo) {
    console.log(`demo: ${baseUrl.replace(/v2\/$/, '')}demo/`);
    console.log(`demo portal: ${baseUrl.replace(/v2\/$/, '')}portals/${DEMO_PORTAL}/`);
  }
  if (token) console.log(`api_token: ${token}`);
  console.log(videoToolsLine(mediaTools({})));
  if (openid)
    console.log(`openid: ${openid.issuer}; redirect URI ${baseUrl.replace(/v2\/$/, '')}oidc/callback`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}

type Values = ReturnType<typeof parse>['values'];

/** The OpenID provider from the options or the environment: all three parts, or none. */
function openIdOptions(values: Values): OpenIdOptions | undefined {
  const issuer = values['oidc-issuer'] ?? process.env.GALLERY_OIDC_ISSUER;
  const clientId = values['oidc-client-id'] ?? process.env.GALLERY_OIDC_CLIENT_ID;
  const clientSecret = values['oidc-client-secret'] ?? process.env.GALLERY_OIDC_CLIENT_SECRET;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('OpenID sign-in needs --oidc-issuer, --oidc-client-id and --oidc-client-secret together');
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`--oidc-issuer must be a URL, got ${issuer}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new Error('--oidc-issuer must be an https:// URL (http:// only on this machine)');
  }
  return { issuer, clientId, clientSecret };
}

/** `user create|list|remove`: accounts for platform login on portals. */
async function userCommand(action: string | undefined, values: Values, dataDir: string): Promise<number> {
  if (!action || !['create', 'list', 'remove'].includes(action) || (action !== 'list' && !values.email)) {
    console.error(USAGE);
    return 2;
  }
  const server = buildServer({ dataDir });
  try {
    const users = server.services.users;
    if (action === 'list') {
      for (const user of users.list()) console.log(`${user.email}\t${user.created}`);
    } else if (action === 'create') {
      const created = await users.create(values.email as string, values.password);
      console.log(created.password ? `${created.email}\t${created.password}` : created.email);
      if (created.password) console.error('The password is shown once: hand it to its owner now.');
    } else {
      users.remove(values.email as string);
      console.log(`removed ${values.email}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await server.close();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      token: { type: 'string' },
      level: { type: 'string' },
      demo: { type: 'boolean' },
      faults: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      'oidc-issuer': { type: 'string' },
      'oidc-client-id': { type: 'string' },
      'oidc-client-secret': { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      transcodes: { type: 'string' },
      'live-charge-notes': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
