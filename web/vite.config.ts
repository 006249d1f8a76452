import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './vite-precompress.ts';

// The BFF is the browser's only API. In development the dev server forwards /api to it so the app keeps
// same-origin URLs, exactly as in production where the BFF serves the built app itself.
const bffTarget = process.env.BFF_URL ?? 'http://127.0.0.1:3000';

const apiProxy: ProxyOptions = {
  target: bffTarget,
  // Long-lived event streams (upload progress, status and chat streams) must not be cut by a proxy timeout.
  timeout: 0,
  proxyTimeout: 0,
  configure(proxy) {
    // When the browser drops an event stream, the upstream request has to go too, or the BFF keeps a
    // subscription open for a reader that no longer exists.
    proxy.on('proxyReq', (proxyReq, req, res) => {
      // The BFF trusts this proxy's X-Forwarded-For (TRUSTED_PROXIES): it must name the browser's address, never
      // pass on whatever the browser wrote into the header (which would let a client rotate its rate-limit address).
      proxyReq.setHeader('x-forwarded-for', req.socket.remoteAddress ?? '');
      res.on('close', () => {
        if (!res.writableEnded) proxyReq.destroy();
      });
    });
    proxy.on('proxyRes', (proxyRes) => {
      if (proxyRes.headers['content-type']?.startsWith('text/event-stream')) {
        proxyRes.headers['cache-control'] = 'no-cache, no-transform';
        proxyRes.headers['x-accel-buffering'] = 'no';
      }
    });
  },
};

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiProxy },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    proxy: { '/api': apiProxy },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deployments. antd is not
        // one of them: a single antd chunk holds every component any page uses (tables, forms, date pickers), which
        // made / and /login download the manager console's widgets; left to the bundler, its parts follow the lazy
        // pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'redux', test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|redux-thunk)[\\/]/ },
          ],
        },
      },
    },
  },
});
