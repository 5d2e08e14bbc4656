import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.BLOGFLEET_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    tailwindcss(),
    // Compressed once at build time at the highest levels; the server sends these as they are.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
    }),
  ],
  server: { proxy: { '/api': api, '/trpc': api, '/healthz': api } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs (React, the router, class merging, the loader's helpers, a few small
            // modules of ours) as one file: split by which lazy chunk shares them, it arrived as a handful
            // of tiny files, each paying its own headers.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|tailwind-merge|clsx)[\\/]|preload-helper|rolldown[\\/]runtime|src[\\/]lib[\\/](schemas|list-search)\.ts$|packages[\\/]ui[\\/]src[\\/]components[\\/](card|alert)\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
