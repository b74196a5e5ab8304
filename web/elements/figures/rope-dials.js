// Section 4: from one plane to d/2 planes. One dial per pair, each turning at its own theta_i, all driven
// by one position m; §1's sinusoidal table with the scrubbed columns marked; the logit against m, flat
// when m and n move together. Every number comes from the ropeDials recipe.
import { PosencFigure, define } from '../figure.js';
import { h, s } from '../dom.js';
import { num, subscript } from '../format.js';
import { lut } from '../colors.js';

const DIAL = 104; // px: one dial's box
const rad = (a) => `${num(a, 3)} rad`;

export class RopeDials extends PosencFigure {
  static tag = 'posenc-rope-dials';
  static strings = {
    en: {
      dials_title: 'From one plane to d/2 planes: every pair turns at its own θ_i',
      motion: 'scrubbing m',
      motion_together: 'moves n too (m − n fixed)',
      motion_query: 'moves q only',
      dials_step: 'step',
      dials_play: 'play',
      dials_pair: 'pair {i}',
      dials_between: 'angle from R_n k to R_m q',
      dials_spark: 'logit ⟨R_m q, R_n k⟩ against m',
      dials_together: 'm and n together',
      dials_query: 'only m moves',
      dials_pe: '§1 sinusoidal code: PE(p), column m outlined, n dashed',
      dials_note:
        'Each dial is one pair of q and k, rotated by the library: q by mθ_i, k by nθ_i. ' +
        'The angle between them is (m − n)θ_i + φ_i, where φ_i is the angle between the unrotated pair. ' +
        'The logit adds the d/2 dials up, so it depends on m − n alone: ' +
        'the sparkline stays flat while m and n move together.',
    },
    zh: {
      dials_title: '从一个平面到 d/2 个平面：每一对维度按自己的 θ_i 旋转',
      motion: '拖动 m 时',
      motion_together: 'n 一起动（m − n 不变）',
      motion_query: '只动 q',
      dials_step: '前进',
      dials_play: '播放',
      dials_pair: '第 {i} 对',
      dials_between: '从 R_n k 到 R_m q 的角度',
      dials_spark: 'logit ⟨R_m q, R_n k⟩ 随 m 的变化',
      dials_together: 'm、n 同步移动',
      dials_query: '只移动 m',
      dials_pe: '第 1 节的正余弦编码 PE(p)，实线框出第 m 列，虚线框出第 n 列',
      dials_note:
        '每个表盘是 q、k 的一对分量，由库旋转：q 转 mθ_i，k 转 nθ_i。两者之间的角度是 (m − n)θ_i + φ_i，' +
        '其中 φ_i 是旋转前这一对之间的角度。logit 把 d/2 个表盘加起来，所以只取决于 m − n：m、n 同步移动时曲线保持水平。',
    },
  };
  title_() {
    return this.t('dials_title');
  }
  setup() {
    this.control('m', this.t('m'), { onInput: (v) => this.scrub(v) });
    this.control('n', this.t('n'));
    this.control('motion', this.t('motion'), { names: (v) => this.t(`motion_${v}`) });
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('seed', this.t('seed'));
    const step = h('button', {
      type: 'button',
      class: 'act',
      text: `${this.t('dials_step')} (+1)`,
      onclick: () => this.scrub(this.params.m + 1),
    });
    this.play = h('button', {
      type: 'button',
      class: 'act',
      'aria-pressed': 'false',
      text: `▶ ${this.t('dials_play')}`,
      onclick: () => this.toggle(),
    });
    this.dials = h('div', { class: 'dials', style: 'display:flex;flex-wrap:wrap;gap:6px' });
    this.spark = s('svg', { role: 'img', class: 'spark', style: 'display:block;max-width:100%' });
    // §1's table as canvas pixels (a few thousand SVG cells would take most of a redraw), its marks in SVG over it
    this.peCanvas = h('canvas', { 'aria-hidden': 'true', style: 'display:block;image-rendering:pixelated' });
    this.pe = s('svg', { role: 'img', class: 'pe', style: 'position:absolute;left:0;top:0' });
    this.pePanel = h('div', { style: 'position:relative' }, this.peCanvas, this.pe);
    this.cards = h('div', { class: 'cards' });
    const swatch = (col, text) => [
      h('span', { style: `display:inline-block;width:14px;height:3px;margin:0 4px 3px 10px;background:${col}` }),
      text,
    ];
    const key = h('p', { class: 'note' }, ...swatch('var(--q)', 'R_m q'), ...swatch('var(--k)', 'R_n k'));
    this.body.append(
      h('div', { style: 'display:flex;gap:6px;margin:0 0 6px' }, step, this.play),
      key,
      this.dials,
      this.cards,
      h('div', { class: 'grid2' }, h('div', {}, this.spark), this.pePanel),
      h('p', { class: 'note', text: this.t('dials_note') }),
    );
  }

  /** Move the scrubbed position m; in "together" mode n follows, keeping m − n (clamped to the positions). */
  scrub(v) {
    const { m, n, motion } = this.params,
      max = 63;
    if (motion === 'query') {
      this.setParam('m', Math.max(0, Math.min(max, v)));
      return;
    }
    const d = Math.max(-n, Math.min(max - n, v - m));
    if (v > max || v < 0 || d !== v - m) this.stop();
    this.setParam('m', m + d);
    this.setParam('n', n + d);
  }
  toggle() {
    if (this.timer) return this.stop();
    this.play.setAttribute('aria-pressed', 'true');
    this.timer = setInterval(() => this.scrub(this.params.m + 1), 400);
  }
  stop() {
    clearInterval(this.timer);
    this.timer = 0;
    this.play?.setAttribute('aria-pressed', 'false');
  }
  disconnectedCallback() {
    this.stop();
    super.disconnectedCallback();
  }

  async update(p) {
    this.r = await this.compute('ropeDials', p);
    this.redraw();
  }

  redraw() {
    const r = this.r,
      p = this.params;
    if (!r) return;
    const pairs = p.dim / 2,
      P = r.positions,
      g = p.m - p.n;
    // one scale for every dial: the longest q or k pair reaches the rim
    let len = 1e-12;
    for (let i = 0; i < pairs; i++) {
      len = Math.max(len, Math.hypot(r.q[2 * i], r.q[2 * i + 1]), Math.hypot(r.k[2 * i], r.k[2 * i + 1]));
    }
    const c = DIAL / 2,
      R = c - 10,
      sc = R / len;
    const arrow = (x, y, col) =>
      s('path', {
        d: `M${c},${c}L${c + x * sc},${c - y * sc}`,
        style: `stroke:${col}`,
        'stroke-width': 2.5,
        'stroke-linecap': 'round',
      });
    this.dials.replaceChildren(
      ...Array.from({ length: pairs }, (_, i) => {
        const [qx, qy, kx, ky] = [r.qm[2 * i], r.qm[2 * i + 1], r.kn[2 * i], r.kn[2 * i + 1]];
        const sub = subscript(i);
        const label =
          `${this.t('dials_pair').replace('{i}', i)}: θ${sub} = ${num(r.theta[i])}; ` +
          `${this.t('dials_between')} = (m − n)θ${sub} + φ${sub} = ${rad(r.gap[i])} + ${rad(r.phi[i])}` +
          ` ≡ ${rad(r.between[i])}`;
        const style = `text-align:center;font:11px var(--mono);width:${DIAL + 40}px`;
        return h(
          'div',
          { class: 'dial', 'data-pair': i, style },
          s(
            'svg',
            { role: 'img', 'aria-label': label, width: DIAL, height: DIAL },
            s('circle', { cx: c, cy: c, r: R, fill: 'none', style: 'stroke:var(--border)' }),
            arrow(kx, ky, 'var(--k)'),
            arrow(qx, qy, 'var(--q)'),
          ),
          h('div', { text: `θ${sub} = ${num(r.theta[i], 3)}` }),
          h('div', { class: 'between', text: `∠ ${rad(r.between[i])}` }),
        );
      }),
    );
    const logit = r.scores[p.m * P + p.n];
    const card = (k, v) =>
      h('div', { class: 'card' }, h('div', { class: 'k', text: k }), h('div', { class: 'v', text: v }));
    this.cards.replaceChildren(card('⟨R_m q, R_n k⟩', num(logit)), card('m − n', String(g)));
    this.drawSpark(r, p, g);
    this.drawPe(r, p);
  }

  /** The logit against m: with n = m − (m − n) (defined where that n is a position) and with n fixed. */
  drawSpark(r, p, g) {
    const P = r.positions,
      W = Math.max(220, Math.min(520, this.widthOf(this.spark.parentElement)));
    const H = 120,
      pad = 8;
    const together = Array.from({ length: P }, (_, x) => (x - g >= 0 && x - g < P ? r.scores[x * P + x - g] : NaN));
    const query = Array.from({ length: P }, (_, x) => r.scores[x * P + p.n]);
    let lo = Infinity,
      hi = -Infinity;
    for (const v of [...together, ...query])
      if (Number.isFinite(v)) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
    if (hi - lo < 1e-9) {
      lo -= 1;
      hi += 1;
    }
    const X = (x) => pad + (x / (P - 1)) * (W - 2 * pad);
    const Y = (v) => pad + ((hi - v) / (hi - lo)) * (H - 2 * pad - 14);
    const step = (vals, x) => (x && Number.isFinite(vals[x - 1]) ? 'L' : 'M');
    const path = (vals) => vals.map((v, x) => (Number.isFinite(v) ? `${step(vals, x)}${X(x)},${Y(v)}` : '')).join('');
    const on = p.motion === 'together';
    const curve = (cls, vals, col, bold) =>
      s('path', {
        class: cls,
        d: path(vals),
        fill: 'none',
        style: `stroke:${col}`,
        'stroke-width': bold ? 2.5 : 1.2,
        opacity: bold ? 1 : 0.5,
      });
    this.spark.setAttribute('width', W);
    this.spark.setAttribute('height', H);
    const logit = num(r.scores[p.m * P + p.n]);
    this.spark.setAttribute('aria-label', `${this.t('dials_spark')}: m = ${p.m}, n = ${p.n}, logit = ${logit}`);
    this.spark.replaceChildren(
      curve('together', together, 'var(--q)', on),
      curve('query', query, 'var(--k)', !on),
      s('line', {
        x1: X(p.m),
        x2: X(p.m),
        y1: pad,
        y2: H - 14,
        style: 'stroke:var(--muted)',
        'stroke-dasharray': '3 3',
      }),
      ...this.key(pad, H - 6, 'var(--q)', this.t('dials_together')),
      ...this.key(W / 2, H - 6, 'var(--k)', this.t('dials_query')),
    );
    this.series = { together, query };
  }

  /** A legend entry: a swatch in the series' colour, its text in the foreground colour (for contrast). */
  key(x, y, col, text) {
    return [
      s('line', { x1: x, x2: x + 14, y1: y - 4, y2: y - 4, style: `stroke:${col}`, 'stroke-width': 2.5 }),
      s('text', { x: x + 18, y, style: 'fill:var(--fg);font-size:11px', text }),
    ];
  }

  /** §1's table PE(p) for p = 0..63 (columns) and its d features (rows), in the page's diverging colours;
   *  column m outlined, n dashed. */
  drawPe(r, p) {
    const P = r.positions,
      d = p.dim,
      W = Math.max(220, Math.min(520, this.widthOf(this.pePanel)));
    const cw = W / P,
      ch = Math.max(4, Math.min(10, 120 / d)),
      H = d * ch + 16;
    const canvas = this.peCanvas,
      colours = lut('rdbu');
    canvas.width = P;
    canvas.height = d;
    canvas.style.width = `${W}px`;
    canvas.style.height = `${d * ch}px`;
    const ctx = canvas.getContext('2d'),
      img = ctx.createImageData(P, d);
    for (let x = 0; x < P; x++)
      for (let j = 0; j < d; j++) {
        const c = 3 * Math.round(((r.sinusoidal[x * d + j] + 1) / 2) * 255),
          o = 4 * (j * P + x);
        img.data.set([colours[c], colours[c + 1], colours[c + 2], 255], o);
      }
    ctx.putImageData(img, 0, 0);
    this.pePanel.style.height = `${H}px`;
    this.pe.setAttribute('width', W);
    this.pe.setAttribute('height', H);
    this.pe.setAttribute('aria-label', `${this.t('dials_pe')}: m = ${p.m}, n = ${p.n}`);
    const mark = (x, dash) =>
      s('rect', {
        x: x * cw,
        y: 0,
        width: cw,
        height: d * ch,
        fill: 'none',
        style: 'stroke:var(--fg)',
        'stroke-width': 2,
        'stroke-dasharray': dash,
      });
    this.pe.replaceChildren(
      mark(p.n, '3 2'),
      mark(p.m, null),
      s('text', { x: 0, y: H - 3, style: 'fill:var(--muted);font-size:11px', text: this.t('dials_pe') }),
    );
  }
}
define(RopeDials);
