import { defineConfig } from 'tsup';

// Our workspace packages ship TypeScript source, so they are bundled in; npm dependencies stay external.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  clean: true,
  noExternal: [/^@blogfleet\//],
  external: [/^(?!@blogfleet\/)[^./]/],
});
