// The page: registers the figure elements, mirrors every figure's parameters in the URL
// (?<figure id>.<param>=value, parsed through the typed table: validated, clamped, never markup),
// switches language (?lang=zh|en) and shows which build of the library is running.
import './prewarm.js';
import { libraryInfo } from '../elements/compute.js';
import { FIGURE_PARAMS, parseValue, formatValue, attrName } from '../elements/params.js';
import '../elements/index.js';

const html = document.documentElement;
let figures = [];

function currentLang() { return html.getAttribute('data-lang') === 'zh' ? 'zh' : 'en'; }

/** URL -> attributes (only known keys; each value parsed and clamped by its spec). */
function readUrl() {
  const q = new URLSearchParams(location.search);
  for (const el of figures) {
    for (const [name, spec] of Object.entries(FIGURE_PARAMS[el.localName])) {
      const raw = q.get(`${el.id}.${name}`);
      if (raw !== null) el.setAttribute(attrName(name), formatValue(spec, parseValue(spec, raw)));
    }
  }
}

/** attributes -> URL (only values that differ from the defaults, so links stay short). */
function writeUrl() {
  const q = new URLSearchParams();
  if (new URLSearchParams(location.search).has('lang')) q.set('lang', currentLang());
  for (const el of figures) {
    for (const [name, spec] of Object.entries(FIGURE_PARAMS[el.localName])) {
      const v = parseValue(spec, el.getAttribute(attrName(name)));
      if (v !== spec.def) q.set(`${el.id}.${name}`, formatValue(spec, v));
    }
  }
  const s = q.toString();
  history.replaceState(null, '', s ? `?${s}${location.hash}` : location.pathname + location.hash);
}

function setLang(lang, { write = true } = {}) {
  html.setAttribute('data-lang', lang);
  html.setAttribute('lang', lang === 'zh' ? 'zh-CN' : 'en');
  document.title = lang === 'zh' ? 'posenc：位置编码，从正余弦到 RoPE' : 'posenc: positional encodings, from sinusoids to RoPE';
  for (const el of figures) el.setAttribute('lang', lang);
  for (const b of document.querySelectorAll('[data-set-lang]')) b.setAttribute('aria-pressed', String(b.dataset.setLang === lang));
  if (write) {
    const q = new URLSearchParams(location.search);
    q.set('lang', lang);
    history.replaceState(null, '', `?${q}${location.hash}`);
  }
}

// app.js loads async (so the Worker and the wasm start while the HTML is still parsing); the page
// wiring waits for the whole document. Figures also wait for it before their first computation,
// so the URL's values are in place before anything is computed.
function wire() {
  figures = [...document.querySelectorAll('[id]')].filter((el) => FIGURE_PARAMS[el.localName]);
  readUrl();
  setLang(currentLang(), { write: false });
  // a drag emits many changes: write the URL at most every 100 ms (browsers throttle history calls)
  let timer = 0;
  document.addEventListener('change', (e) => {
    if (!FIGURE_PARAMS[e.target?.localName] || timer) return;
    timer = setTimeout(() => { timer = 0; writeUrl(); }, 100);
  });
  for (const b of document.querySelectorAll('[data-set-lang]')) b.addEventListener('click', () => setLang(b.dataset.setLang));
  const chip = document.getElementById('lib-status');
  libraryInfo().then((info) => {
    chip.textContent = `wasm ${info.simd ? 'SIMD128' : 'scalar'} · posenc ${info.version}`;
    chip.classList.add('ready');
  }, (err) => {
    chip.textContent = `wasm: ${err.message}`;
    chip.classList.add('failed');
  });
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire, { once: true });
else wire();
