// The embed's two files as bundlers should see them. Its script and Worker are bundled by esbuild,
// whose minifier drops every comment, and are then bundled again by the app's bundler (Vite,
// webpack), which must leave the embed's run-time imports alone:
//   - posenc-embed.js imports worker.js by URL on the main thread when no Worker can start, and
//     config-paste-view.js when a <posenc-config-paste> first builds: marked so that webpack does not
//     turn `import(<expression>)` into a context module with a warning;
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

/** posenc-embed.js: its two `import(new URL(...).href)`, marked for bundlers to leave alone. */
export const hintUrlImports = (code) =>
  replaceCounted(
    code,
    /\bimport\(new URL\(/g,
    () => `import(${HINTS}new URL(`,
    2,
    'import(new URL(...)) in posenc-embed.js',
  );

/** worker.js: `import("./posenc-<module>.mjs")` as an import of the glue file found beside it. */
export const glueAsAssets = (code) =>
  replaceCounted(
    code,
    /\bimport\("(\.\/posenc-(?:simd|scalar|models)\.mjs)"\)/g,
    (_, file) => `import(${HINTS}new URL("${file}",import.meta.url).href)`,
    3,
    'glue imports in worker.js',
  );
