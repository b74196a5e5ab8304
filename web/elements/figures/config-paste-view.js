// The view of <posenc-config-paste>: its text box, the table of what the library resolved, the θ_i plot,
// the llama.cpp flags and notes. The figure (config-paste.js) fetches this module when it first builds,
// as it fetches the model-config wasm: a page without the figure downloads neither. It is a bundle of its
// own (tools/build-embed.mjs), so it takes the embed's shared parts (the line plot, the error box) from
// the figure instead of importing them, and carries no second copy of them. The text goes to the
// library as it is and every string is shown with textContent: nothing in it is run or inserted as markup.
import { h } from '../dom.js';
import { exampleText } from './config-examples.js';

const MAX_TEXT = 200000;
const LAYER_COLORS = ['#D55E00', '#0072B2', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

/** Build the view into `fig.body`; `LinePlot` and `errorBox` are the embed's. */
export function configView(fig, { LinePlot, errorBox }) {
  const id = `cfg${Math.random().toString(36).slice(2)}`;
  const area = editor(fig, id);
  const msg = h('div', { 'aria-live': 'polite' });
  const out = resultPanel(fig, LinePlot);
  fig.body.append(h('label', { for: id, class: 'note', text: fig.t('cfg_label') }), area, msg, out.result);
  return {
    async update(p) {
      const r = await fig.compute('modelConfig', {
        config: fig.text.slice(0, MAX_TEXT),
        seqLen: p.seqLen,
        contextLength: p.contextLength,
        lang: fig.locale,
      });
      if (r.error) {
        msg.replaceChildren(errorBox(fig.locale, r.error, { lead: `${fig.t('cfg_lib_error')} ` }));
        out.result.hidden = true;
        return;
      }
      msg.replaceChildren();
      out.show(r);
      this.redraw();
    },
    redraw() {
      if (!out.result.hidden) out.plot.draw(fig.widthOf(out.plot.el) || fig.bodyWidth);
    },
    loadExample() {
      fig.text = exampleText(fig.params.example);
      fig.textFor = fig.params.example;
      area.value = fig.text;
      fig.invalidate();
    },
  };
}

/** What comes back: the resolved fields per layer type, the θ_i plot, the llama.cpp flags (with a copy
 *  button) and the notes. `show(r)` fills it from a modelConfig result. */
function resultPanel(fig, LinePlot) {
  const layers = h('table', { class: 'layers' });
  const flags = h('pre', {
    class: 'flags',
    style:
      'font:12px/1.5 var(--mono);background:var(--panel);border:1px solid var(--border);border-radius:6px;' +
      'padding:6px 8px;margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere',
  });
  const noFlags = h('div', { class: 'note no-flags', text: fig.t('cfg_no_flags') });
  const notes = h('ul', { class: 'notes', style: 'font-size:12px;line-height:1.45;margin:4px 0;padding-left:1.4em' });
  let flagText = '';
  const copyBtn = h('button', {
    type: 'button',
    text: fig.t('cfg_copy'),
    onclick: () =>
      navigator.clipboard?.writeText(flagText).then(
        () => (copyBtn.textContent = fig.t('copied')),
        () => {},
      ),
  });
  const plot = new LinePlot({
    xLabel: fig.t('pair_i'),
    yLabel: fig.t('theta_log'),
    height: 240,
    yLog: true,
    name: 'config_theta',
  });
  const result = h(
    'div',
    {},
    h('div', { class: 'note', text: fig.t('cfg_fields') }),
    h('div', { class: 'tablewrap', tabindex: '0', style: 'margin:4px 0' }, layers),
    plot.el,
    h('div', { class: 'note', text: fig.t('cfg_flags') }),
    flags,
    noFlags,
    h('div', { class: 'tools' }, copyBtn),
    h('div', { class: 'note', text: fig.t('cfg_notes') }),
    notes,
  );
  const show = (r) => {
    result.hidden = false;
    layers.replaceChildren(...layerTable(fig, r.layers));
    flagText = r.flags.join(' ');
    flags.textContent = r.flags.join('\n');
    flags.hidden = copyBtn.hidden = !r.flags.length;
    noFlags.hidden = r.flags.length > 0;
    copyBtn.textContent = fig.t('cfg_copy');
    notes.replaceChildren(...r.notes.map((n) => h('li', { text: n, style: 'margin:2px 0' })));
    plot.set({ series: frequencySeries(fig, r.layers), opts: { title: fig.t('cfg_freqs') } });
  };
  return { result, plot, show };
}

// A vision encoder's 2-D axes (kept here, in the view loaded on first use, not in the embed's strings).
const AXIAL = {
  en: {
    label: '2-D axial (the image’s patch grid)',
    yx: 'yx: rows turn the first half of the pairs, columns the second',
    xy: 'xy: columns turn the first half of the pairs, rows the second',
  },
  zh: {
    label: '二维轴向（图像的图像块网格）',
    yx: 'yx：行号旋转前一半的对，列号旋转后一半',
    xy: 'xy：列号旋转前一半的对，行号旋转后一半',
  },
};

const color = (i) => LAYER_COLORS[i % LAYER_COLORS.length];

/** One column per layer type, one row per resolved field (M-RoPE rows only when a layer has sections). */
function layerTable(fig, layers) {
  const rows = [
    ['rope_type', (l) => l.ropeType],
    ['head_dim', (l) => String(l.headDim)],
    ['rotary_dim', (l) => String(l.rotaryDim)],
    ['base', (l) => String(l.base)],
    ['layout', (l) => fig.t(`layout_${l.layout}`)],
    ['attn', (l) => String(l.attentionFactor)],
  ];
  const axial = AXIAL[fig.locale] ?? AXIAL.en;
  if (layers.some((l) => l.axial)) rows.push([axial.label, (l) => (l.axial ? axial[l.axial] : '—'), true]);
  if (layers.some((l) => l.sections))
    rows.push(
      ['cfg_sections', (l) => (l.sections ? l.sections.join(', ') : '—')],
      ['cfg_interleaved', (l) => fig.t(l.interleavedSections ? 'cfg_yes' : 'cfg_no')],
    );
  const head = h(
    'tr',
    {},
    h('th', { class: 'rh', scope: 'col', text: fig.t('cfg_layer') }),
    // underlined in its curve's colour (as text colour some fall below 4.5:1)
    layers.map((l, i) =>
      h('th', {
        scope: 'col',
        'data-layer-type': l.layerType,
        text: l.layerType,
        style: `border-bottom:3px solid ${color(i)};text-align:left`,
      }),
    ),
  );
  const body = rows.map(([key, value, said]) =>
    h(
      'tr',
      {},
      h('th', { class: 'rh', scope: 'row', text: said ? key : fig.t(key) }),
      layers.map((l) => h('td', { style: 'text-align:left', text: value(l) })),
    ),
  );
  return [h('thead', {}, head), h('tbody', {}, body)];
}

/** The library's θ_i per layer type, and dashed beside each scaled one the same base without scaling. */
function frequencySeries(fig, layers) {
  return layers.flatMap((l, i) => [
    { name: `${l.layerType} · ${l.ropeType}`, values: l.frequencies, color: color(i), width: 2 },
    ...(l.plain
      ? [{ name: `${l.layerType} · ${fig.t('cfg_plain')}`, values: l.plain, color: color(i), dash: '5 3', width: 1.4 }]
      : []),
  ]);
}

/**
 * The config's text box, holding the current example's text (or the edit kept when the figure is rebuilt);
 * typing recomputes once it pauses for 250 ms.
 */
function editor(fig, id) {
  const area = h('textarea', {
    id,
    rows: '12',
    spellcheck: 'false',
    maxlength: String(MAX_TEXT),
    style:
      'width:100%;box-sizing:border-box;font:12px/1.4 var(--mono);color:var(--fg);background:var(--panel);' +
      'border:1px solid var(--border);border-radius:6px;padding:6px',
  });
  if (fig.text === undefined || fig.textFor !== fig.params.example) {
    fig.text = exampleText(fig.params.example);
    fig.textFor = fig.params.example;
  }
  area.value = fig.text;
  let timer = 0;
  area.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      fig.text = area.value;
      fig.invalidate();
    }, 250);
  });
  return area;
}
