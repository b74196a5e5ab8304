// Section 6: per pair, the angles training showed (0..(L - 1) theta_i) against those a 4L context needs, for
// plain RoPE and each scaling; the never-seen range of the highlighted one is shaded. Numbers from the
// ropeScalingAngles recipe.
import { scaleLinear, scaleLog } from 'd3-scale';
import { axisBottom, axisLeft } from 'd3-axis';
import { select } from 'd3-selection';
import { PosencFigure, define } from '../figure.js';
import { h, s } from '../dom.js';
import { num } from '../format.js';
import { SCALINGS } from '../recipes.js';
import { SCALING_COLORS } from './rope-scaling-frequencies.js';

const TURN = 2 * Math.PI;
const colorOf = (type) => (type === 'default' ? 'var(--fg)' : SCALING_COLORS[type]);

export class RopeScalingAngles extends PosencFigure {
  static tag = 'posenc-rope-scaling-angles';
  static strings = {
    en: {
      ang_title: 'Angles seen in training (up to L) against angles needed at 4L, per pair',
      ang_highlight: 'highlight',
      ang_seen: 'seen: (L − 1)θ_i, plain RoPE',
      ang_plain: 'needed at 4L, plain RoPE',
      ang_unseen: 'never seen',
      ang_turn: 'one turn (2π): past it, every angle has come round',
      ang_angle: 'angle (rad, log)',
      ang_count: 'Widest range of angles never seen in training',
      ang_tiny: 'below 0.01 rad',
      ang_note:
        'Training with plain RoPE up to L shows pair i the angles 0 to (L − 1)θ_i. ' +
        'At 4L a slow pair must turn further than it ever did (shaded), unless the scaling slows it down enough. ' +
        'Once (L − 1)θ_i passes 2π, every angle of that pair has been seen. ' +
        'Plain RoPE’s angles are the library’s float64 ones; a scaling’s are ' +
        'its θ_i from ropeFrequencies (at a 4L sequence) times the position.',
    },
    zh: {
      ang_title: '每一对维度：训练中见过的角度（到 L 为止）与 4L 时需要的角度',
      ang_highlight: '突出显示',
      ang_seen: '见过的：(L − 1)θ_i，普通 RoPE',
      ang_plain: '4L 时需要的，普通 RoPE',
      ang_unseen: '从未见过',
      ang_turn: '一整圈（2π）：超过它，每个角度都转到过',
      ang_angle: '角度（弧度，对数坐标）',
      ang_count: '训练中从未见过的角度范围（最宽的一对）',
      ang_tiny: '不到 0.01 rad',
      ang_note:
        '用普通 RoPE 训练到长度 L，第 i 对见到的角度是 0 到 (L − 1)θ_i。' +
        '到了 4L，慢速的维度对要转得比以往任何时候都远（阴影部分），除非缩放把它放慢得足够多。' +
        '一旦 (L − 1)θ_i 超过 2π，这一对的每个角度都见过了。' +
        '普通 RoPE 的角度是库给出的 float64 结果；各缩放方式的角度是 ropeFrequencies 给出的 θ_i（按 4L 长的序列）乘以位置。',
    },
  };
  title_() {
    return this.t('ang_title');
  }
  setup() {
    const legend = this.control('highlight', this.t('ang_highlight'), { names: (v) => this.t(`sc_${v}`) });
    // the choice is the legend: each button carries its curve's colour as a bar
    legend.el.querySelectorAll('button').forEach((b, i) => {
      b.style.borderBottom = `3px solid ${colorOf(['default', ...SCALINGS][i])}`;
    });
    this.control('dim', this.t('dim'));
    this.control('base', this.t('base'));
    this.control('factor', this.t('factor'));
    this.control('original', this.t('original'));
    this.svg = s('svg', { role: 'img', style: 'display:block;max-width:100%' });
    this.panel = h('div', {}, this.svg);
    this.unseen = h('p', { class: 'note unseen-line' });
    const key = `━ ${this.t('ang_seen')}   ╌ ${this.t('ang_plain')}   ▮ ${this.t('ang_unseen')}`;
    this.body.append(
      this.panel,
      h('p', { class: 'note', text: key }),
      this.unseen,
      h('p', { class: 'note', text: this.t('ang_note') }),
      (this.dynNote = h('p', { class: 'note dyn-note' })),
    );
  }
  async update(p) {
    this.r = await this.compute('ropeScalingAngles', p);
    // dynamic NTK's effective factor at the 4L sequence the angles are read at: s · 4L / L - (s - 1)
    this.dynNote.textContent = this.t('dyn_note')(num(p.factor), '4L', num(3 * p.factor + 1));
    this.redraw();
  }
  redraw() {
    const r = this.r,
      p = this.params;
    if (!r) return;
    const W = Math.max(280, this.widthOf(this.panel) || this.bodyWidth),
      H = 300;
    const m = { top: 14, right: 12, bottom: 36, left: 58 };
    const pairs = p.dim / 2,
      pw = W - m.left - m.right,
      ph = H - m.top - m.bottom;
    const all = [...r.seen, ...r.plain, ...SCALINGS.flatMap((t) => [...r.needed[t]]), TURN].filter((v) => v > 0);
    const x = scaleLinear([-0.5, pairs - 0.5], [0, pw]);
    const y = scaleLog([Math.min(...all), Math.max(...all)], [ph, 0]).nice();
    const floor = y.domain()[0];
    const path = (vals) => Array.from(vals, (v, i) => `${i ? 'L' : 'M'}${x(i)},${y(Math.max(v, floor))}`).join('');
    const hi = p.highlight,
      shade = unseenBars(r, hi, pairs, pw, x, y);
    const g = s('g', { transform: `translate(${m.left},${m.top})` });
    const axes = s('g');
    select(axes)
      .append('g')
      .attr('transform', `translate(0,${ph})`)
      .call(axisBottom(x).ticks(Math.min(pairs, 8)));
    select(axes).append('g').call(axisLeft(y).ticks(6, '~g'));
    const label = (attrs, text) =>
      s('text', { 'text-anchor': 'middle', style: 'fill:var(--muted);font-size:11px', ...attrs, text });
    g.append(
      axes,
      ...shade,
      s('line', { x1: 0, x2: pw, y1: y(TURN), y2: y(TURN), style: 'stroke:var(--muted)', 'stroke-dasharray': '2 4' }),
      s('path', { class: 'seen', d: path(r.seen), fill: 'none', style: 'stroke:var(--fg)', 'stroke-width': 2.2 }),
      s('path', {
        class: 'plain',
        d: path(r.plain),
        fill: 'none',
        style: 'stroke:var(--fg)',
        'stroke-width': hi === 'default' ? 2.6 : 1.4,
        'stroke-dasharray': '5 3',
      }),
      ...SCALINGS.map((t) =>
        s('path', {
          class: 'needed',
          'data-type': t,
          d: path(r.needed[t]),
          fill: 'none',
          style: `stroke:${SCALING_COLORS[t]}`,
          'stroke-width': t === hi ? 2.6 : 1,
          opacity: t === hi ? 1 : 0.3,
        }),
      ),
      // over the curves, on a halo of the background
      label({ x: pw - 4, y: y(TURN) - 4, 'text-anchor': 'end', class: 'halo' }, this.t('ang_turn')),
      label({ x: pw / 2, y: ph + 30 }, this.t('pair_i')),
      label({ transform: `translate(-44,${ph / 2}) rotate(-90)` }, this.t('ang_angle')),
    );
    this.svg.setAttribute('width', W);
    this.svg.setAttribute('height', H);
    // one line, not a card per scaling. A scaling that brings a pair back can leave a sliver (under 3/4 of one
    // position's turn of that pair, a few 1e-3 rad) that means nothing: below 0.01 rad it is said as such
    const rad = (k, v = r.unseen[k]) =>
      `${this.t(`sc_${k}`)} ${v > 0 && v < 0.01 ? this.t('ang_tiny') : `${num(v)} rad`}`;
    const line = `${this.t('ang_count')}: ${rad(hi)}${hi === 'default' ? '' : `; ${rad('default')}`}`;
    this.unseen.textContent = line;
    this.svg.setAttribute('aria-label', `${this.title_()}: L = ${p.original}, s = ${p.factor}; ${line}`);
    this.svg.replaceChildren(g);
  }
}

/** Never seen by scaling hi: per pair, from what training showed up to what 4L needs, capped at one turn. */
function unseenBars(r, hi, pairs, pw, x, y) {
  const need = hi === 'default' ? r.plain : r.needed[hi],
    bw = Math.max(1, pw / pairs);
  const shade = [];
  for (let i = 0; i < pairs; i++) {
    if (!(need[i] > r.seen[i] && r.seen[i] < TURN)) continue;
    const top = y(Math.min(need[i], TURN)),
      bottom = y(r.seen[i]);
    shade.push(
      s('rect', {
        class: 'unseen',
        'data-pair': i,
        x: x(i) - bw / 2,
        width: bw,
        y: top,
        height: Math.max(0, bottom - top),
        style: `fill:${colorOf(hi)}`,
        'fill-opacity': 0.28,
      }),
    );
  }
  return shade;
}
define(RopeScalingAngles);
