import { defineConfig } from 'tsup';

// Our workspace packages ship TypeScript source, so they are bundled in; npm dependencies stay external.
export default defineConfig({
  // The embedded database runs on a worker thread, loaded from a file beside main.js.
  entry: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'pglite-worker': '../../packages/db/src/pglite/worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  noExternal: [/^@blogfleet\//],
  external: [/^(?!@blogfleet\/)[^./]/],
});
