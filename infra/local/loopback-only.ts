/**
 * REL-19: DynamoDB Local has no option for its address and listens on every interface,
 * without authentication. On Linux, loopback-only.c, preloaded into its JVM, moves every
 * bind to loopback. It is compiled from source with this machine's C compiler (`CC`, else
 * `cc`), once per version of the source, into node_modules/.cache/arbiter; where there is no
 * compiler, or off Linux, there is no shim, and `npm start` says what is exposed.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Shim = { readonly preload: string } | { readonly preload: null; readonly why: string };

const SOURCE = fileURLToPath(new URL('loopback-only.c', import.meta.url));
const CACHE = fileURLToPath(new URL('../../node_modules/.cache/arbiter', import.meta.url));

let built: Shim | undefined;

/** The shared object to preload into DynamoDB Local, built on first use; or why there is none. */
export const loopbackShim = (): Shim => {
  built ??= buildLoopbackShim(process.env.CC || 'cc');
  return built;
};

export const buildLoopbackShim = (compiler: string): Shim => {
  if (process.platform !== 'linux') return { preload: null, why: `its loopback shim works on Linux only, and this is ${process.platform}` };
  // One build per source and compiler, so a changed shim or another CC is built afresh.
  const key = createHash('sha256').update(readFileSync(SOURCE)).update(`\0${compiler}`).digest('hex').slice(0, 16);
  const name = `loopback-only-${key}.so`;
  const dir = writableCache();
  const target = join(dir, name);
  if (existsSync(target)) return { preload: target };
  // Compiled beside the target under a name of its own, then renamed: two starts at once never load half a file.
  const partial = `${target}.${process.pid}`;
  try {
    execFileSync(compiler, ['-shared', '-fPIC', '-O2', '-o', partial, SOURCE, '-ldl'], { stdio: 'pipe', timeout: 60_000 });
    renameSync(partial, target);
    return { preload: target };
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (failure.code === 'ENOENT') return { preload: null, why: `there is no C compiler (${compiler}) to build its loopback shim` };
    const said = failure.stderr?.toString().trim().split('\n')[0] || failure.message;
    return { preload: null, why: `${compiler} could not build its loopback shim (${said})` };
  }
};

/** The cache in node_modules; a private temporary folder where that cannot be written (a read-only install). */
const writableCache = (): string => {
  try {
    mkdirSync(CACHE, { recursive: true });
    accessSync(CACHE, constants.W_OK);
    return CACHE;
  } catch {
    return mkdtempSync(join(tmpdir(), 'arbiter-shim-'));
  }
};
