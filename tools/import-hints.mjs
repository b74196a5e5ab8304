// The embed's Worker as bundlers should see it. It is bundled by esbuild, whose minifier drops every
// comment, and then again by the app's bundler (Vite, webpack), which must leave its run-time imports
// alone. (posenc-embed.js needs nothing here: its one import, of worker.js on the main thread when no
// Worker can start, is a plain `import('./worker.js')` that bundlers build in like any module.)
//   - worker.js imports the wasm glue of the one flavour this engine runs. As `import('./x.mjs')` a
//     bundler either splits it into chunks, which Vite's default (IIFE) Worker format cannot, or
//     inlines all three glue files into the Worker. As `import(new URL('./x.mjs', import.meta.url))`
//     every bundler copies the glue files as assets, like the wasm files beside them, and the Worker
//     downloads only the one it uses, with no configuration.

const HINTS = '/* webpackIgnore: true */ /* @vite-ignore */ ';

function replaceCounted(code, pattern, replace, want, what) {
  let n = 0;
  const out = code.replace(pattern, (...m) => {
    n++;
    return replace(...m);
  });
  if (n !== want)
    throw new Error(`import-hints: expected ${want} ${what}, found ${n} (did the esbuild output change?)`);
  return out;
}

/** worker.js: `import("./posenc-<module>.mjs")` as an import of the glue file found beside it. */
export const glueAsAssets = (code) =>
  replaceCounted(
    code,
    /\bimport\("(\.\/posenc-(?:simd|scalar|models)\.mjs)"\)/g,
    (_, file) => `import(${HINTS}new URL("${file}",import.meta.url).href)`,
    3,
    'glue imports in worker.js',
  );
