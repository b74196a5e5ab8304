// The gallery (embed.html): one entry per registered figure element, built from FIGURE_PARAMS (the
// same table the elements parse their attributes with) and the manifest's one-line summaries.
// Everything goes into the DOM through createElement / textContent: no markup is ever parsed.
import { FIGURE_PARAMS } from './embed/posenc-embed.js';

const SCRIPT_URL = new URL('./embed/posenc-embed.js', import.meta.url).href;
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs))
    if (k === 'text') e.textContent = v;
    else e.setAttribute(k, v);
  e.append(...kids);
  return e;
};
const kebab = (n) => n.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
const typeOf = (s) =>
  s.type === 'enum'
    ? s.values.join(' | ')
    : s.type === 'int'
      ? `integer${s.even ? ' (even)' : ''}`
      : s.type === 'real'
        ? 'number'
        : 'boolean';
const rangeOf = (s) =>
  s.type === 'int' || s.type === 'real' ? `${s.min} … ${s.max}${s.scale === 'log' ? ' (log slider)' : ''}` : '';

async function summaries() {
  try {
    const m = await (await fetch(new URL('./embed/custom-elements.json', import.meta.url))).json();
    return new Map(m.modules.flatMap((mod) => mod.declarations).map((d) => [d.tagName, d.summary]));
  } catch {
    return new Map();
  }
}

function copyButton(text) {
  const b = el('button', { type: 'button', text: 'Copy' });
  b.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = 'Copied';
    } catch {
      b.textContent = 'Select and copy';
    }
    setTimeout(() => {
      b.textContent = 'Copy';
    }, 1500);
  });
  return b;
}

async function main() {
  const list = document.getElementById('gallery');
  const toc = document.getElementById('toc');
  const about = await summaries();
  document.getElementById('script-line').textContent = `<script type="module" src="${SCRIPT_URL}"></script>`;
  for (const [tag, params] of Object.entries(FIGURE_PARAMS)) {
    const id = tag.replace('posenc-', '');
    toc.append(el('li', {}, el('a', { href: `#${id}`, text: `<${tag}>` })));
    const snippet = `<script type="module" src="${SCRIPT_URL}"></script>\n<${tag}></${tag}>`;
    const rows = Object.entries(params).map(([name, s]) =>
      el(
        'tr',
        {},
        el('td', { text: kebab(name) }),
        el('td', { text: typeOf(s) }),
        el('td', { text: String(s.def) }),
        el('td', { text: rangeOf(s) }),
      ),
    );
    rows.push(
      el(
        'tr',
        {},
        el('td', { text: 'no-controls' }),
        el('td', { text: 'boolean' }),
        el('td', { text: 'absent' }),
        el('td', { text: 'hides the controls' }),
      ),
    );
    rows.push(
      el(
        'tr',
        {},
        el('td', { text: 'lang' }),
        el('td', { text: 'en | zh' }),
        el('td', { text: 'inherited' }),
        el('td', { text: "else the page's, else the browser's" }),
      ),
    );
    list.append(
      el(
        'section',
        { class: 'entry', id },
        el('h2', { text: `<${tag}>` }),
        el('p', { text: about.get(tag) ?? '' }),
        el('div', { class: 'snippet' }, el('pre', {}, el('code', { text: snippet })), copyButton(snippet)),
        el(
          'table',
          { class: 'attrs' },
          el('thead', {}, el('tr', {}, ...['attribute', 'type', 'default', 'range'].map((t) => el('th', { text: t })))),
          el('tbody', {}, ...rows),
        ),
        document.createElement(tag),
      ),
    );
  }
  document.body.dataset.gallery = 'ready';
}
main();
