// Builds the React dashboard (web/) into web/dist, which `outreach serve` hands out.
// In development (`npx vite`) the API and the live channel are proxied to a local server.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const apiTarget = 'http://127.0.0.1:3000';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|wasm)$/;
const MIN_BYTES = 1024; // below this a compressed answer saves less than its headers cost

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes NAME.br (brotli 11) and NAME.gz (gzip 9) beside every compressible file of `dir`
 * over 1 KB, so that the server picks one by Accept-Encoding (src/server/static.ts) instead of
 * compressing on each request. A variant that would not be smaller is not written.
 */
export async function precompressDir(dir: string): Promise<void> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => COMPRESSIBLE.test(name));
  await Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        toBrotli(data, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        toGzip(data, { level: zlib.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

/** Precompresses web/dist/assets once the build has written it. */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'outreach:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // In closeBundle, after rolldown is done: its timing check would report this as slow plugin work.
    closeBundle: () => precompressDir(join(outDir, 'assets')),
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompressAssets()],
  css: {
    preprocessorOptions: {
      // Bulma 1.0's Sass (web/src/bulma/) still uses syntax newer Sass releases deprecate.
      scss: { quietDeps: true, silenceDeprecations: ['if-function'] },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./web/dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ws': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
