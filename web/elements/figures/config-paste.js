// Section 6c: paste a model's config.json. The library reads it, as transformers resolves it
// (posenc.ropeFromConfig: every layer type, head dim, partial rotary, scaling, M-RoPE sections) and
// turns it into llama.cpp flags with notes (posenc.llamaCppFlags), in the modelConfig recipe; this
// element only shows what comes back. The text goes to the library as it is and every string is shown
// with textContent: nothing in it is run or inserted as markup.
import { PosencFigure, define } from '../figure.js';
import { LinePlot } from '../lineplot.js';
import { h } from '../dom.js';
import { errorBox } from '../error-text.js';

// Phi-3.5-mini-instruct's searched LongRoPE factors (rotary dim 96: 48 pairs). Its config.json holds float32
// values printed as doubles (1.0199999809265137); each is written here as the shortest decimal that rounds to
// the same float32, and Math.fround gives back the file's exact number: shorter, in an embed near its budget.
const PHI35_SHORT = [
  1, 1.02, 1.03, 1.03, 1.05, 1.05, 1.05, 1.05, 1.05, 1.0699999, 1.0999999, 1.1099999, 1.1599998, 1.1599998, 1.1699998,
  1.2899998, 1.3399998, 1.6799998, 1.7899998, 1.8199998, 1.8499998, 1.8799998, 1.9099997, 1.9399997, 1.9899997,
  2.0199997, 2.0199997, 2.0199997, 2.0199997, 2.0199997, 2.0199997, 2.0299997, 2.0299997, 2.0299997, 2.0299997,
  2.0299997, 2.0299997, 2.0299997, 2.0299997, 2.0299997, 2.0799997, 2.0899997, 2.1899996, 2.2199996, 2.5899994,
  2.7299995, 2.7499995, 2.8399994,
].map(Math.fround);
const PHI35_LONG = [
  1.08, 1.11, 1.14, 1.34, 1.5899999, 1.6, 1.62, 2.6200001, 3.23, 3.23, 4.79, 7.4, 7.7000003, 9.09, 12.2, 17.67,
  24.460001, 28.570002, 30.420002, 30.840002, 32.590004, 32.930004, 42.320004, 44.960003, 50.340004, 50.450005,
  57.550003, 57.930004, 58.210003, 60.140003, 62.610004, 62.620003, 62.710003, 63.140003, 63.140003, 63.770004,
  63.930004, 63.960003, 63.97, 64.03, 64.07, 64.08, 64.12, 64.41, 64.48, 64.51, 64.53, 64.84,
].map(Math.fround);

/**
 * Example configs: the fields of each model's config.json that its RoPE depends on, copied from the
 * real files (tests/configs, sources in tests/configs/SOURCES.md; the library reads each one exactly
 * as the whole file). Gemma 3 leaves rope_theta, rope_local_base_freq and head_dim to the class defaults.
 */
export const EXAMPLE_CONFIGS = {
  llama31: {
    architectures: ['LlamaForCausalLM'],
    hidden_size: 4096,
    max_position_embeddings: 131072,
    model_type: 'llama',
    num_attention_heads: 32,
    num_key_value_heads: 8,
    rope_scaling: {
      factor: 8,
      low_freq_factor: 1,
      high_freq_factor: 4,
      original_max_position_embeddings: 8192,
      rope_type: 'llama3',
    },
    rope_theta: 500000,
  },
  'qwen-yarn': {
    architectures: ['Qwen2ForCausalLM'],
    hidden_size: 3584,
    max_position_embeddings: 32768,
    model_type: 'qwen2',
    num_attention_heads: 28,
    num_key_value_heads: 4,
    rope_theta: 1000000,
    rope_scaling: { factor: 4, original_max_position_embeddings: 32768, type: 'yarn' },
  },
  'phi3-longrope': {
    architectures: ['Phi3ForCausalLM'],
    hidden_size: 3072,
    max_position_embeddings: 131072,
    model_type: 'phi3',
    num_attention_heads: 32,
    num_key_value_heads: 32,
    original_max_position_embeddings: 4096,
    rope_scaling: { long_factor: PHI35_LONG, short_factor: PHI35_SHORT, type: 'longrope' },
    rope_theta: 10000,
  },
  gemma3: {
    architectures: ['Gemma3ForConditionalGeneration'],
    model_type: 'gemma3',
    text_config: { hidden_size: 2560, model_type: 'gemma3_text', rope_scaling: { factor: 8, rope_type: 'linear' } },
  },
  'gpt-oss': {
    architectures: ['GptOssForCausalLM'],
    head_dim: 64,
    hidden_size: 2880,
    max_position_embeddings: 131072,
    model_type: 'gpt_oss',
    num_attention_heads: 64,
    num_key_value_heads: 8,
    rope_scaling: {
      beta_fast: 32,
      beta_slow: 1,
      factor: 32,
      original_max_position_embeddings: 4096,
      rope_type: 'yarn',
      truncate: false,
    },
    rope_theta: 150000,
  },
  'qwen25-vl': {
    architectures: ['Qwen2_5_VLForConditionalGeneration'],
    hidden_size: 3584,
    max_position_embeddings: 128000,
    model_type: 'qwen2_5_vl',
    num_attention_heads: 28,
    num_key_value_heads: 4,
    rope_theta: 1000000,
    rope_scaling: { type: 'mrope', mrope_section: [16, 24, 24] },
  },
  'phi35-v5': {
    architectures: ['Phi3ForCausalLM'],
    hidden_size: 3072,
    max_position_embeddings: 131072,
    model_type: 'phi3',
    num_attention_heads: 32,
    num_key_value_heads: 32,
    original_max_position_embeddings: 4096,
    rope_parameters: {
      long_factor: PHI35_LONG,
      original_max_position_embeddings: 4096,
      partial_rotary_factor: 1,
      rope_theta: 10000,
      rope_type: 'longrope',
      short_factor: PHI35_SHORT,
      type: 'longrope',
    },
  },
};

/** An example as the textarea shows it: JSON with a 2-space indent, each list of scalars on one line. */
export function exampleText(name) {
  const item = String.raw`(?:-?[\d.eE+-]+|"[^"\\\n]*")`;
  return JSON.stringify(EXAMPLE_CONFIGS[name], null, 2).replace(
    new RegExp(String.raw`\[\n\s*(${item}(?:,\n\s*${item})*)\n\s*\]`, 'g'),
    (_, items) => `[${items.split(/,\n\s*/).join(', ')}]`,
  );
}

const MAX_TEXT = 200000;
const LAYER_COLORS = ['#D55E00', '#0072B2', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];

export class ConfigPaste extends PosencFigure {
  static tag = 'posenc-config-paste';
  static strings = {
    en: {
      cfg_title: 'Paste a model’s config.json',
      cfg_examples: 'examples',
      ex_llama31: 'Llama 3.1 8B (llama3)',
      'ex_qwen-yarn': 'Qwen2.5 7B + YaRN',
      'ex_phi3-longrope': 'Phi-3.5 mini (LongRoPE)',
      ex_gemma3: 'Gemma 3 4B (two layer types)',
      'ex_gpt-oss': 'gpt-oss-20b (YaRN, truncate: false)',
      'ex_qwen25-vl': 'Qwen2.5-VL 7B (M-RoPE)',
      'ex_phi35-v5': 'Phi-3.5 mini, transformers 5 format',
      cfg_label: 'config.json (read by the library; never run or inserted as markup)',
      seqLen: 'current sequence length (0 = none)',
      contextLength: 'llama.cpp context -c (0 = not given)',
      cfg_lib_error: 'The library cannot read this config:',
      cfg_fields: 'What the library resolved, one column per layer type',
      cfg_layer: 'layer type',
      head_dim: 'head dim',
      rotary_dim: 'rotary dim',
      rope_type: 'rope_type',
      layout: 'layout',
      layout_half: 'half: pairs (i, i + d/2)',
      layout_interleaved: 'interleaved: pairs (2i, 2i + 1)',
      'layout_interleaved-to-half': 'interleaved-to-half: pairs (2i, 2i + 1) in, (i, i + d/2) out',
      cfg_sections: 'M-RoPE sections',
      cfg_interleaved: 'sections interleaved',
      cfg_freqs: 'θ_i from the library, one curve per layer type',
      cfg_plain: 'same base, no scaling',
      cfg_flags: 'llama.cpp flags, one per line',
      cfg_copy: 'Copy flags',
      cfg_no_flags: 'No flag: see the notes below.',
      cfg_notes:
        'Notes from the library (in English): what the resolved numbers and the flags cannot express, and ' +
        'whether a GGUF converted from this config already carries them',
    },
    zh: {
      cfg_title: '粘贴模型的 config.json',
      cfg_examples: '示例',
      ex_llama31: 'Llama 3.1 8B（llama3）',
      'ex_qwen-yarn': 'Qwen2.5 7B + YaRN',
      'ex_phi3-longrope': 'Phi-3.5 mini（LongRoPE）',
      ex_gemma3: 'Gemma 3 4B（两种层类型）',
      'ex_gpt-oss': 'gpt-oss-20b（YaRN，truncate: false）',
      'ex_qwen25-vl': 'Qwen2.5-VL 7B（M-RoPE）',
      'ex_phi35-v5': 'Phi-3.5 mini（transformers 5 格式）',
      cfg_label: 'config.json（交给库解析，不会执行，也不会作为 HTML 插入）',
      seqLen: '当前序列长度（0 = 不指定）',
      contextLength: 'llama.cpp 上下文长度 -c（0 = 不指定）',
      cfg_lib_error: '库无法读取这个 config：',
      cfg_fields: '库解析出的结果（每种层类型一列）',
      cfg_layer: '层类型',
      head_dim: '每头维度',
      rotary_dim: '旋转维度',
      rope_type: 'rope_type',
      layout: '排列方式',
      layout_half: 'half：(i, i + d/2) 成对',
      layout_interleaved: '交错：(2i, 2i + 1) 成对',
      'layout_interleaved-to-half': '交错转半：读 (2i, 2i + 1) 成对，写到 (i, i + d/2)',
      cfg_sections: 'M-RoPE 分段',
      cfg_interleaved: '分段交错排列',
      cfg_freqs: '库算出的 θ_i，每种层类型一条曲线',
      cfg_plain: '同一 base，不缩放',
      cfg_flags: 'llama.cpp 参数（每行一个）',
      cfg_copy: '复制参数',
      cfg_no_flags: '没有对应的参数，见下方说明。',
      cfg_notes: '库给出的说明（英文）：结果和参数表达不了什么，以及由该 config 转换得到的 GGUF 是否已自带这些设置',
    },
  };
  title_() {
    return this.t('cfg_title');
  }
  setup() {
    // picking the current example again restores its text after an edit
    this.control('example', this.t('cfg_examples'), {
      names: (v) => this.t(`ex_${v}`),
      onInput: (v) => (v === this.params.example ? this.loadExample() : this.setParam('example', v)),
    });
    this.control('seqLen', this.t('seqLen'));
    this.control('contextLength', this.t('contextLength'));
    const id = `cfg${Math.random().toString(36).slice(2)}`;
    this.area = editor(this, id);
    this.msg = h('div', { 'aria-live': 'polite' });
    this.layers = h('table', { class: 'layers' });
    this.flags = h('pre', {
      class: 'flags',
      style:
        'font:12px/1.5 var(--mono);background:var(--panel);border:1px solid ' +
        'var(--border);border-radius:6px;padding:6px 8px;margin:4px ' +
        '0;white-space:pre-wrap;overflow-wrap:anywhere',
    });
    this.noFlags = h('div', { class: 'note no-flags', text: this.t('cfg_no_flags') });
    this.notes = h('ul', { class: 'notes', style: 'font-size:12px;line-height:1.45;margin:4px 0;padding-left:1.4em' });
    this.copyBtn = h('button', {
      type: 'button',
      text: this.t('cfg_copy'),
      onclick: () =>
        navigator.clipboard?.writeText(this.flagText).then(
          () => {
            this.copyBtn.textContent = this.t('copied');
          },
          () => {},
        ),
    });
    this.plot = new LinePlot({
      xLabel: this.t('pair_i'),
      yLabel: this.t('theta_log'),
      height: 240,
      yLog: true,
      name: 'config_theta',
    });
    this.result = h(
      'div',
      {},
      h('div', { class: 'note', text: this.t('cfg_fields') }),
      h('div', { class: 'tablewrap', tabindex: '0', style: 'margin:4px 0' }, this.layers),
      this.plot.el,
      h('div', { class: 'note', text: this.t('cfg_flags') }),
      this.flags,
      this.noFlags,
      h('div', { class: 'tools' }, this.copyBtn),
      h('div', { class: 'note', text: this.t('cfg_notes') }),
      this.notes,
    );
    this.body.append(
      h('label', { for: id, class: 'note', text: this.t('cfg_label') }),
      this.area,
      this.msg,
      this.result,
    );
  }
  attributeChangedCallback(name, old, value) {
    super.attributeChangedCallback(name, old, value);
    if (name === 'example' && this.built && this.textFor !== this.params.example) this.loadExample();
  }
  loadExample() {
    this.text = exampleText(this.params.example);
    this.textFor = this.params.example;
    this.area.value = this.text;
    this.invalidate();
  }
  fail(err) {
    this.msg.replaceChildren(errorBox(this.locale, err, { lead: `${this.t('cfg_lib_error')} ` }));
    this.result.hidden = true;
  }
  async update(p) {
    const r = await this.compute('modelConfig', {
      config: this.text.slice(0, MAX_TEXT),
      seqLen: p.seqLen,
      contextLength: p.contextLength,
    });
    if (r.error) return this.fail(r.error);
    this.msg.replaceChildren();
    this.result.hidden = false;
    const { layers } = r;
    const color = (i) => LAYER_COLORS[i % LAYER_COLORS.length];
    // one column per layer type, one row per resolved field (M-RoPE rows only when a layer has sections)
    const rows = [
      ['rope_type', (l) => l.ropeType],
      ['head_dim', (l) => String(l.headDim)],
      ['rotary_dim', (l) => String(l.rotaryDim)],
      ['base', (l) => String(l.base)],
      ['layout', (l) => this.t(`layout_${l.layout}`)],
      ['attn', (l) => String(l.attentionFactor)],
    ];
    if (layers.some((l) => l.sections))
      rows.push(
        ['cfg_sections', (l) => (l.sections ? l.sections.join(', ') : '—')],
        ['cfg_interleaved', (l) => this.t(l.interleavedSections ? 'cfg_yes' : 'cfg_no')],
      );
    this.layers.replaceChildren(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { class: 'rh', scope: 'col', text: this.t('cfg_layer') }),
          // underlined in its curve's colour (as text colour some fall below 4.5:1)
          layers.map((l, i) =>
            h('th', {
              scope: 'col',
              'data-layer-type': l.layerType,
              text: l.layerType,
              style: `border-bottom:3px solid ${color(i)};text-align:left`,
            }),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map(([key, value]) =>
          h(
            'tr',
            {},
            h('th', { class: 'rh', scope: 'row', text: this.t(key) }),
            layers.map((l) => h('td', { style: 'text-align:left', text: value(l) })),
          ),
        ),
      ),
    );
    this.flagText = r.flags.join(' ');
    this.flags.textContent = r.flags.join('\n');
    this.flags.hidden = this.copyBtn.hidden = !r.flags.length;
    this.noFlags.hidden = r.flags.length > 0;
    this.copyBtn.textContent = this.t('cfg_copy');
    this.notes.replaceChildren(...r.notes.map((n) => h('li', { text: n, style: 'margin:2px 0' })));
    const series = [];
    layers.forEach((l, i) => {
      series.push({ name: `${l.layerType} · ${l.ropeType}`, values: l.frequencies, color: color(i), width: 2 });
      if (l.plain)
        series.push({
          name: `${l.layerType} · ${this.t('cfg_plain')}`,
          values: l.plain,
          color: color(i),
          dash: '5 3',
          width: 1.4,
        });
    });
    this.plot.set({ series, opts: { title: this.t('cfg_freqs') } });
    this.redraw();
  }
  redraw() {
    if (!this.result.hidden) this.plot.draw(this.widthOf(this.plot.el) || this.width);
  }
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
      'width:100%;box-sizing:border-box;font:12px/1.4 ' +
      'var(--mono);color:var(--fg);background:var(--panel);border:1px solid ' +
      'var(--border);border-radius:6px;padding:6px',
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
      fig.text = fig.area.value;
      fig.invalidate();
    }, 250);
  });
  return area;
}
define(ConfigPaste);
