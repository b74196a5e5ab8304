// The page: registers the figure elements, mirrors every figure's parameters in the URL
// (url-state.js: ?<figure id>.<param>=value through the typed table: validated, clamped, never markup),
// switches language (?lang=zh|en) and shows which build of the library is running.
import './prewarm.js';
import { writeUrl, PAGE_PARAMS } from './url-state.js'; // before the elements: it configures each one as it connects
import { libraryInfo } from '../elements/compute.js';
import { LAB_PARAMS } from '../elements/lab-params.js';
import '../elements/index.js';
import { fitFormulas } from './formula-fit.js';
import { addSkipLinks } from './skip-links.js';

const html = document.documentElement;
let figures = [];
let formulasFitted = false;

function currentLang() {
  return html.getAttribute('data-lang') === 'zh' ? 'zh' : 'en';
}

// Setting lang, even to the value it has, makes the browser restyle everything under the element
// (the :lang() state and the fonts chosen for the language): at start-up that was a restyle of the
// whole page and of every figure. So only what differs is written; a figure that already inherits
// the language from <html> keeps inheriting it.
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function setLang(lang, { write = true } = {}) {
  // (decided before <html> changes: afterwards every inheriting figure would look up to date)
  const stale = figures.filter((el) => el.hasAttribute('lang') || el.locale !== lang);
  setAttr(html, 'data-lang', lang);
  setAttr(html, 'lang', lang === 'zh' ? 'zh-CN' : 'en');
  document.title =
    lang === 'zh' ? 'posenc：位置编码，从正余弦到 RoPE' : 'posenc: positional encodings, from sinusoids to RoPE';
  for (const el of stale) setAttr(el, 'lang', lang);
  for (const b of document.querySelectorAll('[data-set-lang]'))
    setAttr(b, 'aria-pressed', String(b.dataset.setLang === lang));
  if (formulasFitted) fitFormulas(lang);
  if (write) {
    const q = new URLSearchParams(location.search);
    q.set('lang', lang);
    history.replaceState(null, '', `?${q}${location.hash}`);
  }
}

// One scrubber for §4b and §1: §1's heatmap outlines the rows of the dials' m and n as they move (the
// dials' `change` comes from their controls, `render` also after a script or the URL set them).
function linkDials(dials, heatmap) {
  if (!dials || !heatmap) return;
  const follow = ({ m, n }) => {
    setAttr(heatmap, 'mark-m', String(m));
    setAttr(heatmap, 'mark-n', String(n));
  };
  follow(dials.params);
  for (const type of ['change', 'render']) dials.addEventListener(type, (e) => follow(e.detail));
}

// The lab's elements (section 6, and §2's blind zone) are a module of their own with its Workers and results
// (tools/build-lab.mjs): imported when one of them comes within a few screens, or at once when the URL asks
// for the lab. Until then the tags are unknown elements, which the module upgrades.
function lazyLab() {
  const els = document.querySelectorAll(Object.keys(LAB_PARAMS).join(','));
  let started = false;
  const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
    rootMargin: '1500px 0px',
  });
  const start = () => {
    if (started) return;
    started = true;
    io.disconnect();
    import(/* the lab's module */ new URL('./posenc-embed-lab.js', import.meta.url).href);
  };
  for (const el of els) io.observe(el);
  const query = [...new URLSearchParams(location.search).keys()];
  if (location.hash === '#lab' || query.some((k) => /^lab\w*\./.test(k))) start();
  return start;
}

// app.js runs while the HTML is still parsing (a classic script just before the figures): figures
// take their URL values as they connect (url-state.js) and start at once; the rest of the wiring
// waits for the document.
function wire() {
  figures = [...document.querySelectorAll('[id]')].filter((el) => PAGE_PARAMS[el.localName]);
  setLang(currentLang(), { write: false });
  addSkipLinks(figures);
  // a drag emits many changes: write the URL at most every 100 ms (browsers throttle history calls)
  let timer = 0;
  document.addEventListener('change', (e) => {
    if (!PAGE_PARAMS[e.target?.localName] || timer) return;
    timer = setTimeout(() => {
      timer = 0;
      writeUrl(figures, currentLang());
    }, 100);
  });
  for (const b of document.querySelectorAll('[data-set-lang]'))
    b.addEventListener('click', () => setLang(b.dataset.setLang));
  linkDials(document.getElementById('dials'), document.getElementById('sin'));
  const loadLab = lazyLab();
  // §2's and §3's links to their scheme in the lab: highlighted in the accuracy figure, shown in the attention maps
  for (const a of document.querySelectorAll('a[data-lab-scheme]'))
    a.addEventListener('click', () => {
      const scheme = a.dataset.labScheme;
      document.getElementById('labacc')?.setAttribute('highlight', scheme);
      document.getElementById('labattn')?.setAttribute('scheme', scheme);
      loadLab();
      writeUrl(figures, currentLang());
    });
  // formulas are measured once their fonts are in, after the first frame, and again on every resize
  // and whenever more fonts arrive (a font first used by a later formula loads late)
  let fitting = 0;
  const fit = () => {
    fitting ||= requestAnimationFrame(() => {
      fitting = 0;
      formulasFitted = true;
      fitFormulas(currentLang());
    });
  };
  document.fonts.ready.then(fit);
  document.fonts.addEventListener('loadingdone', fit);
  addEventListener('resize', fit);
  const chip = document.getElementById('lib-status');
  libraryInfo().then(
    (info) => {
      chip.textContent = `wasm ${info.simd ? 'SIMD128' : 'scalar'} · posenc ${info.version}`;
      chip.classList.add('ready');
    },
    (err) => {
      chip.textContent = `wasm: ${err.message}`;
      chip.classList.add('failed');
    },
  );
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', wire, { once: true });
else wire();
