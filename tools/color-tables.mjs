// esbuild plugin for the page and the embed: `import { interpolateViridis, … } from 'd3-scale-chromatic'`
// resolves to a module generated here from the real package, each used map sampled at t = i/255 and
// handed to web/elements/color-ramp.js, which interpolates between the samples (a categorical scheme, an
// array of colours, is copied as it is). The lookup tables of
// colors.js come out identical, legends differ by under 1/255 (tests/js/color-ramp.test.mjs).
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The names web/elements imports from d3-scale-chromatic. */
export async function importedNames(root) {
  const names = new Set();
  for (const f of await readdir(join(root, 'web', 'elements'), { recursive: true })) {
    if (!f.endsWith('.js')) continue;
    const source = await readFile(join(root, 'web', 'elements', f), 'utf8');
    for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'d3-scale-chromatic'/g)) {
      for (const n of m[1].split(',')) if (n.trim()) names.add(n.trim().split(/\s+as\s+/)[0]);
    }
  }
  return [...names];
}

/** The 256 samples of interpolator `name`, as the hex string color-ramp.js reads. */
export async function samples(name) {
  const d3 = await import('d3-scale-chromatic');
  const { rgb } = await import('d3-color');
  if (typeof d3[name] !== 'function') throw new Error(`color-tables: d3-scale-chromatic has no ${name}`);
  let hex = '';
  for (let i = 0; i < 256; i++) {
    const c = rgb(d3[name](i / 255));
    hex += [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  }
  return hex;
}

export const colorTables = (root) => ({
  name: 'posenc-color-tables',
  setup(b) {
    b.onResolve({ filter: /^d3-scale-chromatic$/ }, () => ({
      path: 'd3-scale-chromatic',
      namespace: 'posenc-color-tables',
    }));
    b.onLoad({ filter: /.*/, namespace: 'posenc-color-tables' }, async () => {
      const lines = [`import { ramp } from ${JSON.stringify(join(root, 'web', 'elements', 'color-ramp.js'))};`];
      const d3 = await import('d3-scale-chromatic');
      for (const name of await importedNames(root))
        lines.push(
          Array.isArray(d3[name]) // a categorical scheme: its colours, as they are
            ? `export const ${name} = ${JSON.stringify(d3[name])};`
            : `export const ${name} = ramp(${JSON.stringify(await samples(name))});`,
        );
      return { resolveDir: root, contents: `${lines.join('\n')}\n` };
    });
  },
});
