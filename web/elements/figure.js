// Base class of every figure element. Attributes are the parameters (declared once in recipes.js);
// changing one (from a control, script or the page's URL) re-runs the figure. Work starts when the
// figure comes near the viewport (IntersectionObserver) and pauses while it is far away. The
// figure's own controls write attributes back and emit a `change` event with the full state.
import { parseValue, attrName, formatValue } from './params.js';
import { FIGURE_PARAMS } from './recipes.js';
import { adopt } from './style.js';
import { h } from './dom.js';
import { errorBox } from './error-text.js';
import { langOf, t } from './i18n.js';
import { compute, Superseded } from './compute.js';
import { slider, choices } from './controls.js';
import { menuButton } from './menu.js';

const NEAR = 400; // px: a figure computes when it comes this close to the viewport
let firstFigureMeasured = false;

export class PosencFigure extends HTMLElement {
  /** The figure's parameters (its entry of FIGURE_PARAMS; the lab's figures keep a table of their own). */
  static get specs() {
    return FIGURE_PARAMS[this.tag];
  }
  static get observedAttributes() {
    return [...Object.keys(this.specs).map(attrName), 'lang', 'no-controls', 'theme'];
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    adopt(this.root);
    this.params = this.readParams();
    this.controls = {};
    this.visible = false;
    this.dirty = true;
    this.channel = `${this.constructor.tag}#${Math.random().toString(36).slice(2)}`;
  }

  /** The parameters as the attributes give them now, before the figure narrows one by another (constrain). */
  readParams() {
    return parsedParams(this, this.constructor.specs);
  }

  get locale() {
    return langOf(this);
  }
  /** A string in the figure's language: the figure's own (`static strings = { en, zh }`, declared beside
   *  its class), else the shared table of i18n.js. */
  t(key) {
    const own = this.constructor.strings;
    return own?.[this.locale]?.[key] ?? own?.en?.[key] ?? t(this.locale, key);
  }

  connectedCallback() {
    if (!this.configured) {
      // The host page may set the figure's attributes now (the posenc page applies its URL); a figure
      // configured this way starts computing at once instead of waiting for the whole document.
      const ask = new CustomEvent('posenc-connect', { bubbles: true, composed: true, detail: { configured: false } });
      this.dispatchEvent(ask);
      this.configured = ask.detail.configured === true;
    }
    if (!this.built) {
      // parser-created elements get their attributes after the constructor ran: read them again
      this.params = this.readParams();
      this.build();
    }
    this.io ??= new IntersectionObserver(
      (entries) => {
        this.visible = entries.some((e) => e.isIntersecting);
        if (this.visible && this.dirty) this.refresh();
      },
      { rootMargin: `${NEAR}px 0px` },
    );
    this.io.observe(this);
    // The observer's first answer comes with a rendered frame, which a long document still being
    // parsed delays by a few hundred ms. The first figure of a document usually sits on its first
    // screen, so that one measures itself at once (a layout the next frame would do anyway) and
    // starts if it is near the viewport; every other figure waits for the observer. Only where it
    // may start before DOMContentLoaded (a host that configured it, like the posenc page).
    if (!firstFigureMeasured && this.configured && document.readyState === 'loading') {
      firstFigureMeasured = true;
      const box = this.getBoundingClientRect();
      if (box.top < innerHeight + NEAR && box.bottom > -NEAR) {
        this.visible = true;
        if (this.dirty) this.refresh();
      }
    }
    // Widths are read here, where layout is clean, and kept: a draw that read them right after
    // this or another figure rewrote its DOM would force a layout of the whole page (at start-up,
    // once per figure). Read every observed width first, then redraw once.
    this.ro ??= new ResizeObserver((entries) => {
      const measured = entries.map(({ target }) => [target, (target === this ? this.body : target)?.clientWidth ?? 0]);
      let changed = false;
      for (const [target, w] of measured) {
        if (!w) continue;
        if (target === this) {
          changed ||= w !== this.lastWidth;
          this.lastWidth = w;
        } else {
          changed ||= Boolean(this.widths.get(target)) && w !== this.widths.get(target);
          this.widths.set(target, w);
        }
      }
      if (changed) this.redraw?.();
    });
    this.ro.observe(this);
    for (const panel of this.widths.keys()) this.ro.observe(panel);
  }
  disconnectedCallback() {
    this.io?.disconnect();
    this.io = null;
    this.ro?.disconnect();
    this.ro = null;
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this.built) return;
    // the page sets lang on every figure at start-up: rebuild only if the language actually changes
    if (name === 'lang') {
      if (this.locale !== this.builtLocale) {
        this.build();
        this.invalidate();
      }
      return;
    }
    if (name === 'no-controls' || name === 'theme') return; // the stylesheet alone reads them
    const next = this.readParams();
    this.constrain?.(next);
    const changed = Object.keys(next).some((k) => next[k] !== this.params[k]);
    this.params = next;
    for (const [k, c] of Object.entries(this.controls)) c.set?.(next[k]);
    if (changed) this.invalidate();
  }

  /** (Re)build the shadow DOM: frame, title, controls and the figure's own views. */
  build() {
    this.built = true;
    this.builtLocale = this.locale;
    this.constrain?.(this.params);
    this.controls = {};
    this.moreEl = null; // the "More" disclosure, made by the first control that goes behind it
    this.statusEl = h('span', { class: 'status', 'aria-live': 'polite' });
    this.controlsEl = h('div', { class: 'controls' });
    this.body = h('div', { class: 'body' });
    this.loadingEl = h('div', { class: 'loading', text: this.t('loading') });
    this.body.append(this.loadingEl);
    // one download menu for all the figure's panels, in its head; it asks for their items at each opening
    const menu = menuButton(() => this.downloads());
    this.menuBtn = menu.button;
    this.frame = h(
      'figure',
      { class: 'frame', style: 'margin:0' },
      h('div', { class: 'head' }, h('span', { class: 'title', text: this.title_() }), this.statusEl, menu.el),
      this.controlsEl,
      this.body,
    );
    this.root.replaceChildren(this.frame);
    for (const panel of this.widths?.keys() ?? []) this.ro?.unobserve(panel);
    this.widths = new Map(); // panel element -> its last observed width (see widthOf)
    this.controlLabels = {};
    this.setup();
    this.fillMenu();
    this.describe();
    this.lastWidth = 0; // measured by the ResizeObserver, never here (a forced layout per figure)
  }
  // The download menu shows while a panel has something to download, in the figure's language: after setup and
  // after each update (an update may show, hide or attach a panel). Beside a table it says "copy or download".
  fillMenu() {
    const groups = this.downloads();
    this.menuBtn.hidden = !groups.length;
    this.menuBtn.textContent = this.t(groups.some((g) => g.items.some((item) => item.copy)) ? 'copy_dl' : 'download');
  }
  title_() {
    return '';
  }

  /** The groups of the figure's download menu (menu.js): the items of each panel shown now with data (heatmap.js,
   *  lineplot.js, table.js), labelled by the panel's title or kind ("Heatmap") where there are several. */
  downloads() {
    const shown = [...this.body.querySelectorAll('.heatmap,.lineplot,.numtable')].filter(
      (el) => el.panel?.d && !el.closest('[hidden]'),
    );
    return shown.map(({ panel, className }) => {
      const o = { ...panel.o, ...panel.d.opts };
      return { label: shown[1] && (o.title || o.label || this.t(className)), items: panel.downloads() };
    });
  }

  /** The figure's accessible name, from its own state: its title, then each control's label and value
   *  ("… — positions: 128, dim: 128, base: 10000"), so it says what is drawn, in the figure's language. */
  describe() {
    const spec = this.constructor.specs;
    const state = Object.entries(this.controlLabels).map(
      ([n, { label, names }]) => `${label}: ${names ? names(this.params[n]) : formatValue(spec[n], this.params[n])}`,
    );
    this.frame.setAttribute('aria-label', [this.title_(), state.join(', ')].filter(Boolean).join(' — '));
  }

  /** A slider or choice for parameter `name`, wired to the attribute. */
  control(name, label, extra = {}) {
    const spec = this.constructor.specs[name];
    const onInput = (v) => this.setParam(name, v);
    const c =
      spec.type === 'enum'
        ? choices({ label, spec, value: this.params[name], onInput, ...extra })
        : slider({ label, spec, value: this.params[name], onInput, ...extra });
    this.controls[name] = c;
    this.controlLabels[name] = { label, names: extra.names };
    // a seed (or a control the figure calls expert) waits behind "More", so the first row holds what the story turns
    if (extra.more ?? name === 'seed') {
      if (!this.moreEl) {
        this.moreEl = h('div', { class: 'controls' });
        this.controlsEl.append(h('details', { class: 'more' }, h('summary', { text: this.t('more') }), this.moreEl));
      }
      this.moreEl.append(c.el);
    } else this.controlsEl.append(c.el);
    return c;
  }

  /** Set a parameter from the UI: reflect into the attribute (which re-runs) and announce it. */
  setParam(name, value) {
    const spec = this.constructor.specs[name];
    this[name] = formatValue(spec, value);
    this.dispatchEvent(new CustomEvent('change', { bubbles: true, composed: true, detail: { ...this.params } }));
  }

  invalidate() {
    this.dirty = true;
    // coalesce the attribute changes of one task (e.g. qx and qy from one drag event), then run at once
    if (this.visible && !this.pending) {
      this.pending = true;
      queueMicrotask(() => {
        this.pending = false;
        if (this.dirty) this.refresh();
      });
    }
  }

  async refresh() {
    if (document.readyState === 'loading' && !this.configured) {
      // let the document (and whoever sets attributes from it) finish first
      if (!this.waitingForDom) {
        this.waitingForDom = true;
        document.addEventListener(
          'DOMContentLoaded',
          () => {
            this.waitingForDom = false;
            if (this.visible && this.dirty) this.refresh();
          },
          { once: true },
        );
      }
      return;
    }
    this.dirty = false;
    const gen = (this.gen = (this.gen ?? 0) + 1);
    try {
      await this.update(this.params);
      if (gen !== this.gen) return;
      this.loadingEl.remove();
      this.clearError();
      this.fillMenu();
      this.describe();
      this.dataset.ready = String(gen);
      this.dispatchEvent(new CustomEvent('render', { bubbles: true, detail: { ...this.params } }));
    } catch (err) {
      if (err instanceof Superseded) return;
      this.loadingEl.remove();
      this.showError(err);
    }
  }

  /** Run a recipe in the compute Worker (only the newest request per figure and key is answered). */
  compute(recipe, params, key = '') {
    return compute(this.channel + key, recipe, params);
  }

  showError(err) {
    this.errorEl?.remove();
    this.errorEl = errorBox(this.locale, { name: err?.name ?? this.t('error'), message: err?.message ?? String(err) });
    this.body.prepend(this.errorEl);
  }
  clearError() {
    this.errorEl?.remove();
    this.errorEl = null;
  }
  // the ResizeObserver's last measure when there is one: reading clientWidth right after a figure
  // rewrote its DOM forces a synchronous layout
  // (not `width`: a figure's parameters are its properties, and <posenc-mrope-positions> has a width)
  get bodyWidth() {
    return this.lastWidth || this.body.clientWidth || 600;
  }
  /** The width of one of the figure's panels, as the ResizeObserver last saw it (a change redraws
   *  the figure); read from the element only until the first observation. */
  widthOf(el) {
    if (!this.widths.has(el)) {
      this.widths.set(el, 0);
      this.ro?.observe(el);
    }
    return this.widths.get(el) || el.clientWidth;
  }
}

/** Each parameter as its attribute gives it: parsed, clamped to its range, or its default. */
function parsedParams(el, specs) {
  return Object.fromEntries(
    Object.entries(specs).map(([n, spec]) => [n, parseValue(spec, el.getAttribute(attrName(n)))]),
  );
}

/** Register a figure class under its tag (idempotent). Each parameter becomes a property too: `el.pair` reads the
 *  value the figure draws with (its attribute parsed, then narrowed by the others as `constrain` does, like an
 *  <input>'s value kept within its max), `el.dim = 16` writes it (null or undefined removes it). */
export function define(cls) {
  for (const name of Object.keys(cls.specs)) {
    const attr = attrName(name);
    if (!(name in cls.prototype))
      Object.defineProperty(cls.prototype, name, {
        get() {
          const params = parsedParams(this, cls.specs);
          this.constrain?.(params);
          return params[name];
        },
        set(v) {
          v == null ? this.removeAttribute(attr) : this.setAttribute(attr, v);
        },
      });
  }
  if (!customElements.get(cls.tag)) customElements.define(cls.tag, cls);
}
