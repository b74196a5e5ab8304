// M-RoPE: the (t, h, w) positions of text, image and video tokens, and the pairs each axis turns.
// Section 6 of the page, after the config figure: the numbering as Qwen2-VL gives it, which frequency
// pairs each axis turns and the logit of two patches against their 2-D offset, all from the
// mropePositions recipe; this element only lays them out.
import { PosencFigure, define } from '../figure.js';
import { Heatmap } from '../heatmap.js';
import { h } from '../dom.js';
import { num } from '../format.js';
import { MROPE_REACH as R, MROPE_ANCHORS, MROPE_TEXT } from '../recipes.js';

const AXES = ['t', 'h', 'w'],
  COLORS = ['#D55E00', '#0072B2', '#009E73'];
const OFFSETS = Array.from({ length: 2 * R + 1 }, (_, i) => String(i - R));
const box = 'display:flex;flex-wrap:wrap;gap:4px 14px;align-items:flex-start;margin:4px 0';
const swatch = (a) =>
  h('span', { style: `display:inline-block;width:10px;height:10px;margin-right:4px;background:${COLORS[a]}` });

export class MropePositions extends PosencFigure {
  static tag = 'posenc-mrope-positions';
  static strings = {
    en: {
      mr_title: 'M-RoPE: where image and video tokens sit',
      mr_sections: 'mrope_section',
      mr_chunked: 'Qwen2-VL / Qwen2.5-VL: [16, 24, 24] in chunks',
      mr_interleaved: 'Qwen3-VL: [24, 20, 20] interleaved',
      mr_height: 'image height (patches)',
      mr_width: 'image width (patches)',
      mr_frames: 'video frames (1 = an image)',
      mr_grid:
        '(t, h, w) of each token as Qwen2-VL numbers them: 3 text tokens, the image (one block per frame), 2 ' +
        'more text tokens',
      mr_t: 'time',
      mr_h: 'height',
      mr_w: 'width',
      mr_strip: 'Which axis turns each of the 64 frequency pairs (head dim 128), read off the library’s rotations',
      mr_fast: 'pair 0 (fastest)',
      mr_slow: 'pair 63 (slowest)',
      mr_pairs: 'pairs',
      mr_text: 'Tokens with t = h = w get exactly plain RoPE’s bits:',
      mr_map_note:
        'q at (t, h₀ + Δh, w₀ + Δw), k at (t, h₀, w₀): two patches of one frame, random q and k from the ' +
        'seed, base 10⁶ and one colour scale for both layouts.',
      mr_map: 'q · k against the offset (Δh, Δw)',
      mr_moved: 'With k at {b} instead of {a}, no logit changes by more than {d}: only the offset counts.',
    },
    zh: {
      mr_title: 'M-RoPE：图像与视频 token 的位置',
      mr_sections: 'mrope_section 分段',
      mr_chunked: 'Qwen2-VL / Qwen2.5-VL：[16, 24, 24] 连续分段',
      mr_interleaved: 'Qwen3-VL：[24, 20, 20] 交错分配',
      mr_height: '图像高度（patch 数）',
      mr_width: '图像宽度（patch 数）',
      mr_frames: '视频帧数（1 即单张图片）',
      mr_grid:
        '按 Qwen2-VL 的编号方式，每个 token 的 (t, h, w)：先是 3 个文本 token，然后是图像（每帧一块），最后再接 2 个文本 token',
      mr_t: '时间',
      mr_h: '高',
      mr_w: '宽',
      mr_strip: '64 个频率对（每头维度 128）分别由哪条轴转动——从库的旋转结果里读出来',
      mr_fast: '第 0 对（转得最快）',
      mr_slow: '第 63 对（最慢）',
      mr_pairs: '对',
      mr_text: 't = h = w 的 token 与普通 RoPE 的结果逐位相同：',
      mr_map_note:
        'q 在 (t, h₀ + Δh, w₀ + Δw)，k 在 (t, h₀, w₀)：同一帧里的两个 patch；q、k 由随机种子生成；两种分段都用 base 10⁶，也共用一个色标。',
      mr_map: 'q · k 随偏移 (Δh, Δw) 的变化',
      mr_moved: '把 k 从 {a} 挪到 {b}，每个 logit 的变化都不超过 {d}：起作用的只有偏移。',
    },
  };
  title_() {
    return this.t('mr_title');
  }
  setup() {
    this.control('sections', this.t('mr_sections'), { names: (v) => this.t(`mr_${v}`) });
    for (const k of ['height', 'width', 'frames']) this.control(k, this.t(`mr_${k}`));
    this.control('seed', this.t('seed'));
    this.grid = h('div', { class: 'mr-grid', role: 'img', style: `${box};gap:6px` });
    this.strip = h('div', {
      class: 'mr-strip',
      role: 'img',
      style: 'display:flex;height:22px;border:1px solid var(--border)',
    });
    this.counts = h('div', { class: 'note', style: box });
    this.check = h('div', { class: 'note mr-check' });
    this.map = new Heatmap({
      scheme: 'viridis',
      name: 'mrope_logit_offset',
      xLabel: 'Δw',
      yLabel: 'Δh',
      xLabels: OFFSETS,
      yLabels: OFFSETS,
      aspect: 1,
    });
    this.moved = h('div', { class: 'note' });
    this.body.append(
      h('div', { class: 'note', text: this.t('mr_grid') }),
      this.grid,
      h(
        'div',
        { class: 'note', style: box },
        AXES.map((a, k) => h('span', {}, swatch(k), `${a} · ${this.t(`mr_${a}`)}`)),
      ),
      h('div', { class: 'note', text: this.t('mr_strip') }),
      this.strip,
      h(
        'div',
        { class: 'note', style: 'display:flex;justify-content:space-between;margin:0' },
        h('span', { text: this.t('mr_fast') }),
        h('span', { text: this.t('mr_slow') }),
      ),
      this.counts,
      this.check,
      h(
        'div',
        { class: 'grid2' },
        this.map.el,
        h('div', {}, h('div', { class: 'note', text: this.t('mr_map_note') }), this.moved),
      ),
    );
  }
  async update(p) {
    const r = await this.compute('mropePositions', p);
    const [t, hh, w] = r.numbering,
      [before] = MROPE_TEXT,
      patches = p.height * p.width;
    // the look of a token is the stylesheet's (style.js): a thousand inline styles made each redraw's style pass slow
    const cell = (i, text) =>
      h(
        'div',
        {
          class: text ? 'tok text' : 'tok',
          'data-thw': `${t[i]},${hh[i]},${w[i]}`,
          title: `t ${t[i]}, h ${hh[i]}, w ${w[i]}`,
        },
        [t[i], hh[i], w[i]].map((v) => h('div', { text: v })),
      );
    const frame = (f) =>
      h(
        'div',
        {
          class: 'frame-block',
          style:
            `display:grid;grid-template-columns:repeat(${p.width},auto);gap:2px;padding:3px;border:2px ` +
            `solid var(--muted);border-radius:4px`,
        },
        Array.from({ length: patches }, (_, i) => cell(before + f * patches + i)),
      );
    const text = (from, to) => Array.from({ length: to - from }, (_, i) => cell(from + i, true));
    this.grid.replaceChildren(
      ...text(0, before),
      ...Array.from({ length: p.frames }, (_, f) => frame(f)),
      ...text(before + p.frames * patches, t.length),
    );
    this.grid.setAttribute(
      'aria-label',
      `${this.t('mr_grid')}: ${t.map((_, i) => `${t[i]} ${hh[i]} ${w[i]}`).join('; ')}`,
    );
    const n = [0, 0, 0];
    this.strip.replaceChildren(
      ...Array.from(r.axes, (a, j) => {
        n[a]++;
        return h('div', {
          'data-axis': AXES[a] ?? '?',
          title: `${j}: ${AXES[a] ?? '?'}`,
          style: `flex:1;background:${COLORS[a] ?? 'var(--muted)'}`,
        });
      }),
    );
    const counts = AXES.map((a, k) => `${a} ${n[k]}`).join(', ');
    this.strip.setAttribute(
      'aria-label',
      `${this.t('mr_strip')}: ${counts}. ${Array.from(r.axes, (a) => AXES[a] ?? '?').join(' ')}`,
    );
    this.counts.replaceChildren(
      ...AXES.map((a, k) =>
        h('span', { class: 'mr-count', 'data-axis': a }, swatch(k), `${a}: ${n[k]} ${this.t('mr_pairs')}`),
      ),
    );
    this.check.textContent = `${this.t('mr_text')} ${this.t(r.textSame ? 'cfg_yes' : 'cfg_no')}`;
    let d = 0;
    r.logits.forEach((v, i) => {
      d = Math.max(d, Math.abs(v - r.moved[i]));
    });
    this.moved.textContent = this.t('mr_moved')
      .replace('{a}', `(${MROPE_ANCHORS[0].join(', ')})`)
      .replace('{b}', `(${MROPE_ANCHORS[1].join(', ')})`)
      .replace('{d}', num(d, 2));
    this.map.set({
      data: r.logits,
      rows: 2 * R + 1,
      cols: 2 * R + 1,
      domain: r.range,
      opts: { title: this.t('mr_map'), describe: (i, j, v, s) => `Δh ${i - R}, Δw ${j - R}: q · k = ${s}` },
    });
    this.redraw();
  }
  redraw() {
    this.map.draw(Math.min(460, this.widthOf(this.map.el) || this.bodyWidth));
  }
}
define(MropePositions);
