// Finds the ffmpeg and ffprobe the server runs: the configured path, then FFMPEG_PATH / FFPROBE_PATH, then the
// command on PATH, then the binary that the npm packages @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe
// ship, so `npm ci && npm start` on a fresh machine makes posters and HLS without any system package.
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';

export type ToolName = 'ffmpeg' | 'ffprobe';

/** A program to spawn, with the environment it needs. */
export interface MediaTool {
  path: string;
  /** Where it came from, for the README's "which one runs" and the start-up line. */
  source: 'option' | 'environment' | 'path' | 'package';
  /** Extra environment variables for the child. */
  env: Record<string, string>;
}

export interface MediaTools {
  ffmpeg: MediaTool | null;
  ffprobe: MediaTool | null;
}

/** The package holding each tool's binary for this platform (`@ffmpeg-installer/linux-x64`). */
const PLATFORM_PACKAGE: Record<ToolName, string> = {
  ffmpeg: '@ffmpeg-installer',
  ffprobe: '@ffprobe-installer',
};

const ENV_NAME: Record<ToolName, string> = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

const require = createRequire(import.meta.url);

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The packaged binary for this platform, when npm installed it (and its postinstall made it executable). */
export function packagedTool(name: ToolName): MediaTool | null {
  const binary = process.platform === 'win32' ? `${name}.exe` : name;
  let dir: string;
  try {
    dir = dirname(
      require.resolve(`${PLATFORM_PACKAGE[name]}/${process.platform}-${process.arch}/package.json`),
    );
  } catch {
    return null;
  }
  const path = join(dir, binary);
  if (!existsSync(path) || !executable(path)) return null;
  // These are static glibc builds: their iconv loads the host's gconv modules, which do not fit and crash
  // the MPEG-TS demuxer (ffprobe of an HLS segment dies with SIGSEGV on Debian 12). Pointing GCONV_PATH at a
  // folder without modules makes iconv fail cleanly, and ffmpeg then keeps strings as they are.
  return { path, source: 'package', env: { GCONV_PATH: dir } };
}

/** `name` as found on PATH (absolute), or null. */
function onPath(name: ToolName, env: NodeJS.ProcessEnv): MediaTool | null {
  const binary = process.platform === 'win32' ? `${name}.exe` : name;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const path = join(dir, binary);
    if (existsSync(path) && executable(path)) return { path, source: 'path', env: {} };
  }
  return null;
}

/**
 * One tool: `configured` (a path, or null to turn it off) wins, then the environment variable, then PATH,
 * then the package. `env` is injectable so the order can be tested.
 */
export function findTool(
  name: ToolName,
  configured?: string | null,
  env: NodeJS.ProcessEnv = process.env,
): MediaTool | null {
  if (configured === null) return null;
  const packaged = packagedTool(name);
  // The packaged binary named by its path still needs its environment (see packagedTool).
  const named = (path: string, source: MediaTool['source']): MediaTool =>
    packaged && resolve(path) === packaged.path ? packaged : { path, source, env: {} };
  if (configured) return named(configured, 'option');
  const fromEnv = env[ENV_NAME[name]];
  if (fromEnv) return named(fromEnv, 'environment');
  return onPath(name, env) ?? packaged;
}

const found = new Map<string, MediaTool | null>();

/** The tools for a server's options, looked up once per process and configuration. */
export function mediaTools(options: { ffmpegPath?: string | null; ffprobePath?: string | null }): MediaTools {
  const lookup = (name: ToolName, configured: string | null | undefined) => {
    const key = `${name}\0${configured === null ? '\0null' : (configured ?? '')}`;
    if (!found.has(key)) found.set(key, findTool(name, configured));
    return found.get(key) ?? null;
  };
  return { ffmpeg: lookup('ffmpeg', options.ffmpegPath), ffprobe: lookup('ffprobe', options.ffprobePath) };
}

/** The start-up line saying which ffmpeg and ffprobe make posters and renditions, or why none will be made. */
export function videoToolsLine(tools: MediaTools): string {
  const names = ['ffmpeg', 'ffprobe'] as const;
  const runs = (name: ToolName) => !!tools[name] && executable(tools[name].path);
  const missing = names.filter((name) => !runs(name));
  if (missing.length > 0) {
    const named = missing.map((name) => (tools[name] ? `${name} (${tools[name].path} does not run)` : name));
    return `video: no ${named.join(' and ')}: set FFMPEG_PATH / FFPROBE_PATH or put them on PATH; videos keep only their original`;
  }
  return `video: ${names.map((name) => `${name} ${tools[name]?.path} (${tools[name]?.source})`).join(', ')}`;
}
