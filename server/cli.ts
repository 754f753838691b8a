// Command line of the reference server: `gallery-server [options]` and `gallery-server token create`.
import { parseArgs } from 'node:util';
import { buildServer } from './app.ts';
import { type FaultOptions, parseFaults } from './http/faults.ts';
import type { TokenLevel } from './store/tokens.ts';
import { seedDemoGallery } from './web/demo-seed.ts';

const USAGE = `Usage:
  gallery-server [--port 8787] [--host 127.0.0.1] [--data .data] [--token TOKEN] [--demo] [--faults SPEC]
  gallery-server token create --level read|write|delete [--data .data]

Environment: GALLERY_API_TOKEN works like --token (an application token of level delete);
GALLERY_FAULTS works like --faults, for reliability tests only, e.g. error=0.3,drop=0.1,cut=0.1,latency=20,ops=upload.`;

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
  const server = buildServer({ dataDir, token, demo: values.demo, logger: false, faults });
  const baseUrl = await server.listen(port, values.host ?? '127.0.0.1');
  if (values.demo && token) {
    // Before the URL is printed, so a page opened at once finds the gallery and creates no second one.
    await seedDemoGallery(baseUrl, token).catch((error: Error) =>
      console.error(`demo: could not add the sample photos: ${error.message}`),
    );
  }
  console.log(`gallery-server listening: ${baseUrl}`);
  if (values.demo) console.log(`demo: ${baseUrl.replace(/v2\/$/, '')}demo/`);
  if (token) console.log(`api_token: ${token}`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
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
      help: { type: 'boolean', short: 'h' },
    },
  });
}
