// `npm start`'s last step: serves dist/site on 127.0.0.1 and prints the URL.
// A small static server (no dependency) that sends the page's Content-Security-Policy.
// PORT picks the port (default 8080; the next free one is taken if it is busy).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { main, root } from './lib.mjs';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.ico': 'image/x-icon',
};

// Scripts only from this origin; 'wasm-unsafe-eval' lets WebAssembly compile; no eval, no inline script.
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

export function createStaticServer(directory) {
  const top = path.resolve(directory);
  return createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      response.writeHead(400).end('bad request');
      return;
    }
    let file = path.resolve(top, `.${pathname}`);
    if (file !== top && !file.startsWith(top + path.sep)) {
      response.writeHead(403).end('forbidden');
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    });
    createReadStream(file).pipe(response);
  });
}

// Listens on 127.0.0.1, trying the next ports when one is taken; resolves to the port.
export function listen(server, port, attempts = 20) {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE' && attempts > 1) resolve(listen(server, port + 1, attempts - 1));
      else reject(error);
    });
    server.listen(port, '127.0.0.1', () => resolve(server.address().port));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(async () => {
    const site = path.join(root, 'dist', 'site');
    if (!existsSync(path.join(site, 'index.html')))
      throw new Error('dist/site/index.html is missing: run `npm run build`');
    const port = await listen(createStaticServer(site), Number(process.env.PORT) || 8080);
    console.log(`\nposenc is served at http://127.0.0.1:${port}/  (Ctrl+C stops it)`);
  });
}
