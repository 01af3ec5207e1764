// Builds the UI into webui/dist (served by `wave serve`). `npm run dev -w webui` starts Vite's dev
// server; set WAVE_PORT to the port of a running `wave serve` and open
// http://localhost:5173/?token=<its token>: the WebSocket is proxied to the sidecar with the
// sidecar's own Origin (it refuses foreign origins).
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

const sidecar = `http://127.0.0.1:${process.env.WAVE_PORT ?? '8777'}`;

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [preact({ devToolsEnabled: false, prefreshEnabled: true })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'chrome110',
    reportCompressedSize: true,
  },
  server: {
    proxy: {
      '/ws': {
        target: sidecar,
        ws: true,
        changeOrigin: true,
        configure: (proxy) => {
          proxy.on('proxyReqWs', (req) => req.setHeader('origin', sidecar));
        },
      },
    },
  },
});
