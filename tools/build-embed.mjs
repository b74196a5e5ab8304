// Builds the embed into dist/embed/ and its two pages into dist/site/:
//   dist/embed/posenc-embed.js      esbuild bundle (ESM, minified) of web/embed/posenc-embed.js: every figure element
//   dist/embed/worker.js            the compute Worker (web/elements/worker.js) with the library bundled in; the
//                                   wasm glue stays an external `import('./posenc-simd.mjs')` resolved beside it
//   dist/embed/posenc-{simd,scalar}.{mjs,wasm}   from dist/lib (built by tools/build.mjs first), see wasm-assets.mjs
//   dist/embed/custom-elements.json Custom Elements Manifest (schema 1.0.0), generated from FIGURE_PARAMS, the
//                                   classes that web/elements/index.js registers and the --posenc-* properties of
//                                   web/elements/style.js, so it cannot drift from the code
//   dist/site/embed.html, example-post.html, embed-pages.css, embed-gallery.js   the gallery and the example post
//   dist/site/embed/                a copy of dist/embed/, which those two pages load (`embed/posenc-embed.js`):
//                                   dist/site stays deployable on its own to any static host
// Usage: node tools/build-embed.mjs  (or import { buildEmbed } and call it with { root, dist }).
import { build, transform } from 'esbuild';
import { FLAVOURS, externalGlue, requireWasm, copyWasmAssets } from './wasm-assets.mjs';
import { cp, mkdir, readFile, readdir, rm, writeFile, copyFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

// Gzipped bytes a browser downloads (the embed, its Worker, one wasm flavour's glue + binary): the
// issue's "150 KB", read as 150,000 bytes (the stricter reading; 146.5 KiB).
export const EMBED_BUDGET = 150_000;
const PAGES = ['embed.html', 'example-post.html', 'embed-pages.css', 'embed-gallery.js'];

/** Documentation of the theming properties. A property found in style.js but missing here still lands in
 *  the manifest (with a generic description) and the build prints a warning. */
const CSS_PROPERTY_DOCS = {
  '--posenc-font': 'Font family of labels and text.',
  '--posenc-mono': 'Monospace font family of numbers and readouts.',
  '--posenc-fg': 'Text and axis colour.',
  '--posenc-muted': 'Secondary text colour (labels, notes, axes).',
  '--posenc-bg': 'Background of the figure frame.',
  '--posenc-panel': 'Background of cards, inputs and table headers.',
  '--posenc-border': 'Border and grid-line colour.',
  '--posenc-accent': 'Accent colour (sliders, pressed buttons, highlights).',
  '--posenc-on-accent': 'Text colour on the accent colour.',
  '--posenc-q': 'Colour of query vectors.',
  '--posenc-k': 'Colour of key vectors.',
  '--posenc-radius': 'Corner radius of the figure frame.',
};

/** Attributes every figure has besides its parameters (figure.js observes them). */
const COMMON_ATTRIBUTES = [
  { name: 'no-controls', type: { text: 'boolean' }, default: 'false',
    description: 'Hide the sliders and buttons: a trimmed figure for a tight spot in an article. The figure still reacts to attribute changes.' },
  { name: 'lang', type: { text: "'en' | 'zh'" },
    description: "Language of the figure's text (zh* gives Chinese, anything else English). Without it, the nearest ancestor's lang, then the browser's language." },
];

const EVENTS = [
  { name: 'change', type: { text: 'CustomEvent<Record<string, number | string | boolean>>' },
    description: "A control changed a parameter; detail is the figure's full state (parameter name -> value). Bubbles and is composed." },
  { name: 'posenc-connect', type: { text: 'CustomEvent<{ configured: boolean }>' },
    description: 'Fired when the figure is connected, before its first computation. Bubbles and is composed. A host page that sets the figure\'s attributes in a listener and sets detail.configured = true lets the figure start at once; otherwise the figure waits for DOMContentLoaded while the document is still loading.' },
  { name: 'render', type: { text: 'CustomEvent<Record<string, number | string | boolean>>' },
    description: 'The figure drew a new result; detail holds the parameters it was computed for. Bubbles.' },
];

const kebab = (name) => name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

function describeSpec(spec) {
  const range = spec.type === 'int' || spec.type === 'real'
    ? `${spec.type === 'int' ? 'An integer' : 'A number'} in [${spec.min}, ${spec.max}]${spec.even ? ', rounded to an even value' : ''}, clamped into range`
    : spec.type === 'enum' ? `One of ${spec.values.map((v) => `"${v}"`).join(', ')}` : 'A boolean (present, "true", "1", "on")';
  return `${range}; anything else falls back to the default.`;
}

function specType(spec) {
  if (spec.type === 'enum') return spec.values.map((v) => `'${v}'`).join(' | ');
  if (spec.type === 'bool') return 'boolean';
  return 'number';
}

/** Load web/elements/index.js in Node with just enough DOM to let the classes register. */
async function loadElements(root) {
  const registry = new Map();
  const saved = {};
  const stubs = {
    HTMLElement: class HTMLElement {},
    customElements: { get: (tag) => registry.get(tag), define: (tag, cls) => { if (registry.has(tag)) throw new Error(`${tag} defined twice`); registry.set(tag, cls); } },
  };
  for (const [k, v] of Object.entries(stubs)) { saved[k] = Object.getOwnPropertyDescriptor(globalThis, k); if (!(k in globalThis)) globalThis[k] = v; else throw new Error(`build-embed: global ${k} already exists in Node`); }
  try {
    const mod = await import(pathToFileURL(join(root, 'web', 'elements', 'index.js')).href);
    return { mod, registry };
  } finally {
    for (const k of Object.keys(stubs)) { if (saved[k]) Object.defineProperty(globalThis, k, saved[k]); else delete globalThis[k]; }
  }
}

/** The --posenc-* custom properties of the shadow stylesheet, with their light-scheme defaults. */
function cssProperties(css, warn) {
  const light = css.slice(0, css.indexOf('@media')); // the first :host block holds the light defaults
  const props = new Map();
  for (const m of light.matchAll(/var\((--posenc-[a-z-]+),\s*((?:[^()]|\([^()]*\))*)\)/g)) if (!props.has(m[1])) props.set(m[1], m[2].trim());
  for (const m of css.matchAll(/var\((--posenc-[a-z-]+)/g)) if (!props.has(m[1])) props.set(m[1], undefined);
  return [...props].map(([name, def]) => {
    if (!CSS_PROPERTY_DOCS[name]) warn(`build-embed: ${name} (web/elements/style.js) has no description in tools/build-embed.mjs`);
    return { name, description: CSS_PROPERTY_DOCS[name] ?? 'Theming property of the figures.', ...(def ? { default: def } : {}) };
  });
}

/** The Custom Elements Manifest for dist/embed/posenc-embed.js. */
export async function manifest({ root, warn = console.warn }) {
  const { mod, registry } = await loadElements(root);
  const { FIGURE_PARAMS } = mod;
  const { CSS } = await import(pathToFileURL(join(root, 'web', 'elements', 'style.js')).href);
  const { formatValue } = await import(pathToFileURL(join(root, 'web', 'elements', 'params.js')).href);
  const index = await readFile(join(root, 'web', 'elements', 'index.js'), 'utf8');
  const exported = Object.entries(mod).filter(([, v]) => typeof v === 'function' && typeof v.tag === 'string');

  // nothing registered that has no parameters, nothing in the table that is not registered
  const tags = [...registry.keys()].sort(), table = Object.keys(FIGURE_PARAMS).sort();
  if (JSON.stringify(tags) !== JSON.stringify(table)) throw new Error(`build-embed: registered elements ${tags} differ from FIGURE_PARAMS ${table}`);
  const properties = cssProperties(CSS, warn);

  const declarations = [], exports = [];
  for (const [tag, cls] of registry) {
    const name = exported.find(([, v]) => v === cls)?.[0];
    if (!name) throw new Error(`build-embed: ${tag} is registered but its class is not exported by web/elements/index.js`);
    const file = new RegExp(`export \\{ ${name} \\} from '(\\./[^']+)'`).exec(index)?.[1];
    const source = file ? await readFile(join(root, 'web', 'elements', file), 'utf8') : '';
    const summary = /^\/\/ ?(.*)$/m.exec(source)?.[1] ?? '';
    const attributes = Object.entries(FIGURE_PARAMS[tag]).map(([param, spec]) => ({
      name: kebab(param), type: { text: specType(spec) },
      default: spec.type === 'enum' ? `'${spec.def}'` : formatValue(spec, spec.def),
      description: describeSpec(spec), fieldName: param,
    }));
    const observed = [...cls.observedAttributes].sort();
    const listed = [...attributes, ...COMMON_ATTRIBUTES].map((a) => a.name).sort();
    if (JSON.stringify(observed) !== JSON.stringify(listed)) throw new Error(`build-embed: ${tag} observes ${observed}, the manifest would list ${listed}`);
    declarations.push({
      kind: 'class', name, customElement: true, tagName: tag,
      summary: summary.replace(/^Section [\w.]+: /, '').replace(/^./, (c) => c.toUpperCase()),
      description: `Live figure computed by the posenc wasm library. Works with no attributes; every attribute can change later.`,
      superclass: { name: 'PosencFigure', module: 'posenc-embed.js' },
      attributes: [...attributes, ...COMMON_ATTRIBUTES],
      events: EVENTS,
      cssProperties: properties,
    });
    exports.push({ kind: 'js', name, declaration: { name, module: 'posenc-embed.js' } });
    exports.push({ kind: 'custom-element-definition', name: tag, declaration: { name, module: 'posenc-embed.js' } });
  }
  exports.push({ kind: 'js', name: 'FIGURE_PARAMS', declaration: { name: 'FIGURE_PARAMS', module: 'posenc-embed.js' } });
  return {
    schemaVersion: '1.0.0',
    modules: [{ kind: 'javascript-module', path: 'posenc-embed.js', description: 'Registers every posenc figure element.', declarations, exports }],
  };
}

/** esbuild: d3-scale-chromatic ships one flat file whose top-level scheme tables esbuild cannot drop (7.4 KB
 *  gzipped for the four maps the figures use). The embed gets instead a module generated here from the real
 *  package: each used interpolator sampled at t = i/255 (exactly the points colors.js builds its 256-entry
 *  LUTs from) and linearly interpolated in between, so LUT colours are identical and legends differ by < 1/255. */
const chromaticTables = (names) => ({
  name: 'posenc-chromatic-tables',
  setup(b) {
    b.onResolve({ filter: /^d3-scale-chromatic$/ }, () => ({ path: 'd3-scale-chromatic', namespace: 'posenc-chromatic' }));
    b.onLoad({ filter: /.*/, namespace: 'posenc-chromatic' }, async () => {
      const d3 = await import('d3-scale-chromatic');
      const { rgb } = await import('d3-color');
      const tables = names.map((n) => {
        if (typeof d3[n] !== 'function') throw new Error(`build-embed: d3-scale-chromatic has no ${n}`);
        let hex = '';
        for (let i = 0; i < 256; i++) { const c = rgb(d3[n](i / 255)); hex += [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join(''); }
        return `export const ${n} = ramp(${JSON.stringify(hex)});`;
      });
      return { resolveDir: root, contents: `// generated by tools/build-embed.mjs from d3-scale-chromatic
const ramp = (hex) => { const v = new Uint8Array(768); for (let i = 0; i < 768; i++) v[i] = parseInt(hex.substr(2 * i, 2), 16);
  return (t) => { t = Math.max(0, Math.min(1, +t || 0)) * 255; const i = Math.min(254, Math.floor(t)), f = t - i, c = (k) => Math.round(v[3 * i + k] + f * (v[3 * i + 3 + k] - v[3 * i + k]));
    return \`rgb(\${c(0)}, \${c(1)}, \${c(2)})\`; }; };
${tables.join('\n')}
` };
    });
  },
});
let root = process.cwd();

/** esbuild: the figures use only `line()` (linear curve, x, y, defined) of d3-shape, whose flat file costs the
 *  embed 4 KB gzipped of code esbuild cannot drop. Same path strings (M x,y L x,y; a gap starts a new M). */
const shapeLine = {
  name: 'posenc-shape-line',
  setup(b) {
    b.onResolve({ filter: /^d3-shape$/ }, () => ({ path: 'd3-shape', namespace: 'posenc-shape' }));
    b.onLoad({ filter: /.*/, namespace: 'posenc-shape' }, () => ({ contents: `
const fn = (v) => (typeof v === 'function' ? v : () => v);
export function line(x = (d) => d[0], y = (d) => d[1]) {
  let defined = () => true; x = fn(x); y = fn(y);
  const l = (data) => {
    let out = '', on = false, i = -1;
    for (const d of data) { i++; if (!defined(d, i, data)) { on = false; continue; } out += (on ? 'L' : 'M') + +x(d, i, data) + ',' + +y(d, i, data); on = true; }
    return out || null;
  };
  l.x = (v) => (v === undefined ? x : ((x = fn(v)), l));
  l.y = (v) => (v === undefined ? y : ((y = fn(v)), l));
  l.defined = (v) => (v === undefined ? defined : ((defined = fn(v)), l));
  return l;
}` }));
  },
};

/** esbuild: the figures' shared stylesheet is a template string in style.js, which the JS minifier leaves
 *  as written; minified as CSS it is about 80 bytes smaller gzipped (the embed is within bytes of its budget). */
const minifyStyle = {
  name: 'posenc-minify-style',
  setup(b) {
    b.onLoad({ filter: /web[\\/]elements[\\/]style\.js$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      const m = /export const CSS = `([^`$]*)`;/.exec(src);
      if (!m) throw new Error('build-embed: style.js no longer holds its CSS in one plain template string');
      const css = (await transform(m[1], { loader: 'css', minify: true })).code.trim();
      return { contents: src.replace(m[0], `export const CSS = ${JSON.stringify(css)};`), loader: 'js' };
    });
  },
};

/** The names web/elements imports from package `pkg`. */
async function importedNames(root, pkg) {
  const names = new Set();
  for (const f of await readdir(join(root, 'web', 'elements'), { recursive: true })) {
    if (!f.endsWith('.js')) continue;
    if (new RegExp(`import\\s+[^{\\s][^;]*from\\s*'${pkg}'`).test(await readFile(join(root, 'web', 'elements', f), 'utf8'))) names.add('*');
    for (const m of (await readFile(join(root, 'web', 'elements', f), 'utf8')).matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${pkg}'`, 'g'))) {
      for (const n of m[1].split(',')) if (n.trim()) names.add(n.trim().split(/\s+as\s+/)[0]);
    }
  }
  return [...names];
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

export async function buildEmbed({ root: rootDir = process.cwd(), dist = join(rootDir, 'dist'), quiet = false } = {}) {
  root = rootDir;
  const log = quiet ? () => {} : (...a) => console.log(...a);
  const out = join(dist, 'embed'), lib = join(dist, 'lib'), site = join(dist, 'site');
  requireWasm(lib, root);
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });

  await build({
    absWorkingDir: root,
    entryPoints: { 'posenc-embed': join(root, 'web', 'embed', 'posenc-embed.js'), worker: join(root, 'web', 'elements', 'worker.js') },
    outdir: out, bundle: true, format: 'esm', minify: true, target: ['es2022'], legalComments: 'none', logLevel: 'warning',
    plugins: [externalGlue, minifyStyle, chromaticTables(await importedNames(root, 'd3-scale-chromatic')), ...((await importedNames(root, 'd3-shape')).every((n) => n === 'line') ? [shapeLine] : [])], logOverride: { 'unsupported-dynamic-import': 'silent' },
  });
  await copyWasmAssets(lib, out);
  const cem = await manifest({ root });
  await writeFile(join(out, 'custom-elements.json'), JSON.stringify(cem, null, 2) + '\n');

  // the gallery and the example post, with their own copy of the embed
  if (!existsSync(site)) throw new Error(`build-embed: ${relative(root, site)} is missing: run tools/build-site.mjs first`);
  for (const f of PAGES) await copyFile(join(root, 'web', 'embed', f), join(site, f));
  const png = join(root, 'web', 'embed', 'example-post.png');
  if (existsSync(png)) await copyFile(png, join(site, 'example-post.png'));
  await rm(join(site, 'embed'), { recursive: true, force: true });
  await cp(out, join(site, 'embed'), { recursive: true });

  // size: what one browser downloads (the embed, its Worker, ONE wasm flavour's glue + binary)
  const size = {};
  for (const f of await readdir(out)) if (/\.(m?js|wasm)$/.test(f)) size[f] = gz(await readFile(join(out, f)));
  const js = size['posenc-embed.js'] + size['worker.js'];
  const per = Object.fromEntries(FLAVOURS.map((f) => [f, js + size[`posenc-${f}.mjs`] + size[`posenc-${f}.wasm`]]));
  const kb = (n) => (n / 1024).toFixed(1);
  const both = (n) => `${(n / 1000).toFixed(1)} KB (${kb(n)} KiB)`;
  log(`build-embed: ${relative(root, out)}/  posenc-embed.js ${kb(size['posenc-embed.js'])} + worker.js ${kb(size['worker.js'])} + ` +
    `posenc-simd.mjs ${kb(size['posenc-simd.mjs'])} + posenc-simd.wasm ${kb(size['posenc-simd.wasm'])} KiB gzipped = ${both(per.simd)} ` +
    `(scalar flavour ${both(per.scalar)}; budget ${both(EMBED_BUDGET)}); ${cem.modules[0].declarations.length} elements in custom-elements.json`);
  const worst = Math.max(...Object.values(per));
  if (worst > EMBED_BUDGET) console.warn(`build-embed: OVER BUDGET: ${both(worst)} gzipped > ${both(EMBED_BUDGET)}`);
  return { out, gzip: { ...size, total: per }, overBudget: worst > EMBED_BUDGET };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  buildEmbed({ root }).catch((err) => { console.error(err); process.exit(1); });
}
