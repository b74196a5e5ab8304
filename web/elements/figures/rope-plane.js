// Section 4a: RoPE in the plane. q and k are draggable; the library rotates them by m·θ and n·θ
// and returns their inner product, which stays put when m and n move together.
import { PosencFigure, define } from '../figure.js';
import { h, s } from '../dom.js';
import { num } from '../format.js';

const R = 2.2; // half-width of the plane in data units
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => String(n).replace(/\d/g, (d) => SUB[d]);

export class RopePlane extends PosencFigure {
  static tag = 'posenc-rope-plane';
  static strings = {
    en: {
      handle: 'draggable point',
      pair: 'pair l',
      score: '⟨R_m q, R_n k⟩',
      drag: 'Drag the tips of q and k.',
      relpos: 'm − n',
    },
    zh: {
      handle: '可拖动的点',
      pair: '第 l 对',
      score: '⟨R_m q, R_n k⟩',
      drag: '拖动 q、k 的箭头端点。',
      relpos: 'm − n',
    },
  };
  title_() {
    return this.locale === 'zh' ? 'RoPE 在二维平面：旋转 q 和 k' : 'RoPE in the plane: rotate q and k';
  }
  constrain(p) {
    p.pair = Math.min(p.pair, p.dim / 2 - 1);
  }
  setup() {
    this.control('m', this.t('m'));
    this.control('n', this.t('n'));
    this.control('pair', this.t('pair'));
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    // The drawing is one image (a <g role=img>, redrawn on every change); the two handles sit beside it,
    // not inside it, and are made once: redrawing moves them, so a handle being driven keeps its focus.
    this.drawing = s('g', { role: 'img' });
    this.handles = [this.handle('q'), this.handle('k')];
    // only the handles take touch gestures (style.js): a swipe that starts elsewhere on the plane scrolls the page
    this.svg = s('svg', { style: 'display:block;max-width:100%' }, this.drawing, this.handles);
    this.cards = h('div', { class: 'cards' });
    this.trace = h('div', { class: 'readout' });
    const together = h('button', {
      type: 'button',
      class: 'act',
      text: `${this.t('together')} (+1)`,
      onclick: () => this.step(1),
    });
    const back = h('button', { type: 'button', class: 'act', text: '(−1)', onclick: () => this.step(-1) });
    this.play = h('button', {
      type: 'button',
      class: 'act',
      'aria-pressed': 'false',
      text: '▶',
      'aria-label': this.t('together'),
      onclick: () => this.toggle(),
    });
    const side = h(
      'div',
      {},
      this.cards,
      h('div', { style: 'display:flex;gap:6px;flex-wrap:wrap;margin:6px 0' }, together, back, this.play),
      h('p', { class: 'note', text: this.t('drag') }),
      this.trace,
    );
    this.body.append(h('div', { class: 'grid2', style: 'align-items:start' }, h('div', {}, this.svg), side));
    this.history = [];
  }
  /** The draggable tip of q or k: a 2-D slider (arrow keys move it by 0.05, with Shift by 0.25). */
  handle(v) {
    const nx = `${v}x`,
      ny = `${v}y`;
    const hd = s('circle', {
      class: 'handle',
      tabindex: '0',
      role: 'slider',
      'aria-roledescription': this.t('handle'),
      'aria-valuemin': -2,
      'aria-valuemax': 2,
      'data-v': v,
      style: `--c:var(--${v})`,
    });
    const move = (x, y) => {
      const clamp = (a) => Math.round(Math.max(-2, Math.min(2, a)) * 100) / 100;
      this.setParam(nx, clamp(x));
      this.setParam(ny, clamp(y));
    };
    hd.addEventListener('pointerdown', (e) => {
      hd.setPointerCapture(e.pointerId);
      e.preventDefault();
      hd.focus();
    });
    // touch-action (style.js) is not honoured on SVG shapes everywhere: a touch on a handle never scrolls
    hd.addEventListener('touchstart', (e) => e.preventDefault(), { passive: false });
    hd.addEventListener('pointermove', (e) => {
      if (!hd.hasPointerCapture(e.pointerId) || !this.toData) return;
      const b = this.svg.getBoundingClientRect();
      move(...this.toData(e.clientX - b.left, e.clientY - b.top));
    });
    hd.addEventListener('keydown', (e) => {
      const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
      if (!d) return;
      e.preventDefault();
      const k = e.shiftKey ? 0.25 : 0.05,
        p = this.params;
      move(p[nx] + d[0] * k, p[ny] + d[1] * k);
    });
    return hd;
  }

  step(d) {
    const { m, n } = this.params;
    if (m + d < 0 || n + d < 0 || m + d > 64 || n + d > 64) {
      this.stop();
      return;
    }
    this.setParam('m', m + d);
    this.setParam('n', n + d);
  }
  toggle() {
    if (this.timer) this.stop();
    else {
      this.play.setAttribute('aria-pressed', 'true');
      this.play.textContent = '❚❚';
      this.timer = setInterval(() => this.step(1), 500);
    }
  }
  stop() {
    clearInterval(this.timer);
    this.timer = 0;
    this.play.setAttribute('aria-pressed', 'false');
    this.play.textContent = '▶';
  }
  disconnectedCallback() {
    this.stop();
    super.disconnectedCallback();
  }

  async update(p) {
    const r = await this.compute('ropePlane', p);
    this.r = r;
    const last = this.history[0];
    if (!last || last.m !== p.m || last.n !== p.n || last.score !== r.score)
      this.history.unshift({ m: p.m, n: p.n, score: r.score });
    this.history.length = Math.min(this.history.length, 6);
    const card = (k, v, cls = '') =>
      h('div', { class: 'card' }, h('div', { class: 'k', text: k }), h('div', { class: `v ${cls}`, text: v }));
    this.cards.replaceChildren(
      card(this.t('score'), num(r.score)),
      card(this.t('relpos'), String(p.m - p.n)),
      card(this.t('plain'), num(r.plain)),
      card(`θ_${p.pair}`, num(r.theta)),
    );
    this.trace.textContent = this.history
      .map((e) => `m=${e.m}  n=${e.n}  m−n=${e.m - e.n}  ⟨R_m q, R_n k⟩ = ${num(e.score)}`)
      .join('\n');
    this.redraw();
  }

  redraw() {
    const r = this.r,
      p = this.params;
    if (!r) return;
    const size = Math.min(400, Math.max(220, this.widthOf(this.svg.parentElement)));
    const svg = this.svg,
      c = size / 2,
      k = size / (2 * R);
    const X = (x) => c + x * k,
      Y = (y) => c - y * k;
    svg.setAttribute('width', size);
    svg.setAttribute('height', size);
    this.toData = (px, py) => [(px - c) / k, (c - py) / k];
    // a fingertip needs 44 px, a mouse 24 px
    const hr = matchMedia('(pointer: coarse)').matches ? 22 : 12;
    const draw = this.drawing;
    draw.replaceChildren();
    draw.setAttribute('aria-label', `${this.title_()}: m = ${p.m}, n = ${p.n}, ⟨R_m q, R_n k⟩ = ${num(r.score)}`);
    const defs = s('defs');
    for (const [id, col] of [
      ['aq', 'var(--q)'],
      ['ak', 'var(--k)'],
    ])
      defs.append(
        s(
          'marker',
          { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
          s('path', { d: 'M0,0 L10,5 L0,10 z', style: `fill:${col}` }),
        ),
      );
    const grid = s('g', { style: 'stroke:var(--border)' });
    for (let v = -2; v <= 2; v++) {
      grid.append(
        s('line', { x1: X(v), x2: X(v), y1: Y(-R), y2: Y(R) }),
        s('line', { y1: Y(v), y2: Y(v), x1: X(-R), x2: X(R) }),
      );
    }
    grid.append(
      s('circle', { cx: c, cy: c, r: k, fill: 'none', 'stroke-dasharray': '3 3', style: 'stroke:var(--muted)' }),
    );
    draw.append(
      defs,
      grid,
      s('line', { x1: X(-R), x2: X(R), y1: c, y2: c, style: 'stroke:var(--muted)' }),
      s('line', { y1: Y(-R), y2: Y(R), x1: c, x2: c, style: 'stroke:var(--muted)' }),
      ...arrows(p, r, c, k, X, Y),
    );
    const tips = this.handles.map((hd) => [X(p[`${hd.dataset.v}x`]), Y(p[`${hd.dataset.v}y`])]);
    draw.append(...placeLabels(labels(p, r, k, X, Y), tips, hr, size));
    for (const [i, hd] of this.handles.entries()) {
      const v = hd.dataset.v,
        x = p[`${v}x`],
        y = p[`${v}y`];
      hd.setAttribute('r', hr);
      hd.setAttribute('cx', tips[i][0]);
      hd.setAttribute('cy', tips[i][1]);
      // a slider's value is one number: x, with both coordinates in the text read out
      hd.setAttribute('aria-label', v);
      hd.setAttribute('aria-valuenow', x);
      hd.setAttribute('aria-valuetext', `${v} = (${x}, ${y})`);
    }
  }
}

/** The angle halfway along the shorter turn from (x0, y0) to (x1, y1), and that turn (radians; drawing only). */
function halfway(x0, y0, x1, y1) {
  const a0 = Math.atan2(y0, x0);
  let d = Math.atan2(y1, x1) - a0;
  while (d <= -Math.PI) d += 2 * Math.PI;
  while (d > Math.PI) d -= 2 * Math.PI;
  return { a0, d, mid: a0 + d / 2 };
}

/** The arcs q → R_m q and k → R_n k, q and k (dashed) and their rotations R_m q and R_n k (solid). */
function arrows(p, r, c, k, X, Y) {
  const arc = (x0, y0, x1, y1, col, rad) => {
    const { a0, d } = halfway(x0, y0, x1, y1);
    const at = (a) => `${X(rad * Math.cos(a))},${Y(rad * Math.sin(a))}`;
    return s('path', {
      d: `M${at(a0)} A${rad * k},${rad * k} 0 0 ${d > 0 ? 0 : 1} ${at(a0 + d)}`,
      fill: 'none',
      style: `stroke:${col}`,
      'stroke-width': 1.5,
      opacity: 0.8,
    });
  };
  const arrow = (x, y, col, mk, dash, w) =>
    s('line', {
      x1: c,
      y1: c,
      x2: X(x),
      y2: Y(y),
      style: `stroke:${col}`,
      'stroke-width': w,
      'stroke-dasharray': dash,
      'marker-end': `url(#${mk})`,
      opacity: dash ? 0.55 : 1,
    });
  return [
    arc(p.qx, p.qy, r.qm[0], r.qm[1], 'var(--q)', 0.45),
    arc(p.kx, p.ky, r.kn[0], r.kn[1], 'var(--k)', 0.72),
    arrow(p.qx, p.qy, 'var(--q)', 'aq', '5 4', 2),
    arrow(p.kx, p.ky, 'var(--k)', 'ak', '5 4', 2),
    arrow(r.qm[0], r.qm[1], 'var(--q)', 'aq', null, 3),
    arrow(r.kn[0], r.kn[1], 'var(--k)', 'ak', null, 3),
  ];
}

/** What names the drawing: each arc by its angle (m·θ, n·θ) at its middle, each vector just beyond its tip.
 *  x, y: the point named (px); dir: the way its label prefers to sit from it; gap: how far (px). */
function labels(p, r, k, X, Y) {
  const arcLabel = (x0, y0, x1, y1, rad, text, col) => {
    const { mid } = halfway(x0, y0, x1, y1);
    return { x: X(rad * Math.cos(mid)), y: Y(rad * Math.sin(mid)), dir: -mid, gap: 0, text, col };
  };
  const tip = (x, y, text, col) => ({ x: X(x), y: Y(y), dir: Math.atan2(-y, x), gap: 16, text, col, big: true });
  return [
    tip(p.qx, p.qy, 'q', 'var(--q)'),
    tip(p.kx, p.ky, 'k', 'var(--k)'),
    tip(r.qm[0], r.qm[1], `R${sub(p.m)}q`, 'var(--q)'),
    tip(r.kn[0], r.kn[1], `R${sub(p.n)}k`, 'var(--k)'),
    arcLabel(p.qx, p.qy, r.qm[0], r.qm[1], 0.58, `${p.m}θ${sub(p.pair)}`, 'var(--q)'),
    arcLabel(p.kx, p.ky, r.kn[0], r.kn[1], 0.88, `${p.n}θ${sub(p.pair)}`, 'var(--k)'),
  ];
}

/** Each label at the first spot, from its own way round and then turning away from it, whose box covers neither a
 *  handle (a disc of radius hr at each tip), nor a label placed before it, nor leaves the plane (size px). */
function placeLabels(items, tips, hr, size) {
  const placed = [];
  const near = (v, lo, hi) => Math.max(lo, Math.min(v, hi));
  const clear = (b) =>
    Math.min(b.x0, b.y0) >= 0 &&
    Math.max(b.x1, b.y1) <= size &&
    tips.every(([x, y]) => Math.hypot(x - near(x, b.x0, b.x1), y - near(y, b.y0, b.y1)) > hr) &&
    placed.every((o) => b.x1 < o.x0 || o.x1 < b.x0 || b.y1 < o.y0 || o.y1 < b.y0);
  return items.map(({ x, y, dir, gap, text, col, big }) => {
    const w = text.length * (big ? 8 : 6.5) + 4,
      hgt = big ? 17 : 14;
    let best;
    spots: for (const g of [gap, hr + 12, hr + 26])
      for (const turn of [0, 1, -1, 2, -2, 3, -3, 4]) {
        const cx = x + g * Math.cos(dir + (turn * Math.PI) / 4),
          cy = y + g * Math.sin(dir + (turn * Math.PI) / 4);
        const b = { cx, cy, x0: cx - w / 2, x1: cx + w / 2, y0: cy - hgt / 2, y1: cy + hgt / 2 };
        best ??= b;
        if (clear(b)) {
          best = b;
          break spots;
        }
      }
    placed.push(best);
    return s('text', {
      x: best.cx,
      y: best.cy,
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
      class: 'halo',
      style: `fill:${col}${big ? ';font-size:13px;font-weight:600' : ''}`,
      text,
    });
  });
}
define(RopePlane);
