// The model reader's notes in words: the wasm module (cpp/models/note_codes.hpp) gives each note as a code
// and its values, { code, params: { name: value } }, and these templates say it in English or Chinese. Key
// names, numbers and model names stay as the config and the code spell them. The model-config glue
// re-exports renderNotes (tools/wasm-assets.mjs), so that the sentences load with the reader that needs
// them and never with a page that reads no config.

const LLAMA_RULES_EN =
  " is not among the models whose RoPE rules posenc knows: it was read with Llama's rules (pairs (i, i + d/2), " +
  'rope_theta 10000 when absent, the whole head for the default rope type); a model whose own code rotates ' +
  'adjacent pairs, part of the head or only some layers differs from this result';
const LLAMA_RULES_ZH =
  '不在 posenc 掌握其 RoPE 规则的模型之列：已按 Llama 的规则读取（(i, i + d/2) 成对，缺省时 rope_theta 为 10000，' +
  'default rope type 旋转整个头）；若模型自己的代码旋转相邻成对的特征、只旋转头的一部分或只在部分层旋转，' +
  '实际结果与此不同';

// llama_cpp.cpp's notes: what llama.cpp's flags say of a RoPE, and what a converted GGUF already holds.
const GGUF_EN = 'For a GGUF converted from this config';
const GGUF_ZH = '由该 config 转换得到的 GGUF';
const DYNAMIC_IGNORED_EN =
  "convert_hf_to_gguf.py ignores 'dynamic' (TextModel.set_gguf_parameters passes over it; only its HunYuan " +
  'class writes a base of its own), so a converted GGUF holds the unscaled rope_theta';
const DYNAMIC_IGNORED_ZH =
  "convert_hf_to_gguf.py 忽略 'dynamic'（TextModel.set_gguf_parameters 跳过它，只有其 HunYuan 类会写入自己的 " +
  'base），因此转换得到的 GGUF 保存的是未缩放的 rope_theta';
const DYNAMIC_WITHIN = (en, zh) => ({
  en:
    "Up to max_position_embeddings = {max} tokens transformers' dynamic NTK keeps the base at rope_theta, so no " +
    `flag is needed${en}; for a context beyond it, give that context length to get the --rope-freq-base to pass.`,
  zh:
    '在 max_position_embeddings = {max} 个 token 以内，transformers 的 dynamic NTK 保持 base 为 rope_theta，' +
    `因此${zh}不需要参数；上下文更长时，请给出该上下文长度，以得到应传的 --rope-freq-base。`,
});
const PROPORTIONAL = (en, zh) => ({
  en:
    "Proportional RoPE (Gemma 4's full-attention layers) cannot be set by flags: convert_hf_to_gguf.py " +
    `(Gemma4Model) writes n_rot = head_dim and a rope_freqs tensor of 1 for the ${en}, which ggml divides to ` +
    "angle 0; llama.cpp's architecture applies it from the GGUF.",
  zh:
    '比例 RoPE（Gemma 4 的全注意力层）无法用参数设定：convert_hf_to_gguf.py（Gemma4Model）写入 n_rot = head_dim ' +
    `和一个 rope_freqs 张量，${zh}，ggml 除以它后角度为 0；llama.cpp 的架构代码从 GGUF 中应用它。`,
});
const LONGROPE_CONTEXT = (en, zh) => ({
  en: `With -c {context} llama.cpp uses the ${en} factors.`,
  zh: `-c {context} 时 llama.cpp 使用${zh}系数。`,
});
const MROPE = (en, zh, type) => ({
  en:
    `M-RoPE sections {sections}${en}: llama.cpp reads them from the GGUF's rope.dimension_sections (the converter ` +
    `writes mrope_section, padded to 4) and its architecture rotates with ggml_rope_multi (${type}); no flag sets ` +
    'them, and text tokens get the same position in every section.',
  zh:
    `M-RoPE 分段 {sections}${zh}：llama.cpp 从 GGUF 的 rope.dimension_sections 读取它们（转换工具写入 ` +
    `mrope_section，补齐到 4 段），其架构用 ggml_rope_multi 旋转（${type}）；没有参数能设定它们，文本 token 在` +
    '每一段中位置相同。',
});

const LLAMA_CPP_TEMPLATES = {
  'llama-per-layer': {
    en:
      'This config gives each layer type its own RoPE ({layers}), but llama.cpp takes one set of flags and ' +
      'applies --rope-freq-base and --rope-scale to its non-sliding layers only (llama_model::get_rope_freq_base ' +
      "and get_rope_freq_scale): they act on these '{layerType}' layers, while the sliding-window layers keep " +
      "the GGUF's rope.freq_base_swa.",
    zh:
      '这个 config 给每种层类型各自的 RoPE（{layers}），但 llama.cpp 只接受一组参数，且 --rope-freq-base 和 ' +
      '--rope-scale 只作用于非滑动窗口的层（llama_model::get_rope_freq_base 和 get_rope_freq_scale）：它们作用于' +
      "这里的 '{layerType}' 层，滑动窗口层仍用 GGUF 中的 rope.freq_base_swa。",
  },
  'llama-default': {
    en:
      `${GGUF_EN} no flag is needed: convert_hf_to_gguf.py writes the model's base (rope_theta, or what its ` +
      'class reads in its place) as rope.freq_base, and llama.cpp takes the base ({base}) from there; ' +
      '--rope-freq-base {flag} would only restate it.',
    zh:
      `${GGUF_ZH}不需要任何参数：convert_hf_to_gguf.py 把模型的 base（rope_theta，或其类读取的替代值）写为 ` +
      'rope.freq_base，llama.cpp 从那里取得 base（{base}）；--rope-freq-base {flag} 只是重复一遍。',
  },
  'llama-past-trained': {
    en:
      'With -c {context} beyond max_position_embeddings = {trained} the model runs past its trained length ' +
      'unscaled, in llama.cpp as in transformers.',
    zh:
      '-c {context} 超过 max_position_embeddings = {trained}：模型会不加缩放地超出训练长度运行，在 llama.cpp ' +
      '和 transformers 中都是如此。',
  },
  'llama-linear-one': {
    en: 'Linear scaling by factor 1 scales nothing: no flag is needed.',
    zh: 'factor 为 1 的线性缩放什么也不缩放：不需要参数。',
  },
  'llama-linear-inverse': {
    en:
      'llama.cpp keeps 1/factor (common/arg.cpp: params.rope_freq_scale = 1.0f / std::stof(value)) and ' +
      'multiplies every angle by it, where transformers divides inv_freq by the factor: the same up to float ' +
      'rounding. --rope-freq-scale {inverse} says the same thing inverted.',
    zh:
      'llama.cpp 保存 1/factor（common/arg.cpp：params.rope_freq_scale = 1.0f / std::stof(value)）并把每个角度' +
      '乘以它，而 transformers 把 inv_freq 除以 factor：两者只差浮点舍入。--rope-freq-scale {inverse} 以倒数的' +
      '形式表达同一件事。',
  },
  'llama-linear-gguf': {
    en:
      `${GGUF_EN} these flags are redundant: convert_hf_to_gguf.py writes rope.scaling.type = linear and ` +
      'rope.scaling.factor = {factor}, which llama.cpp reads.',
    zh:
      `对${GGUF_ZH}，这些参数是多余的：convert_hf_to_gguf.py 写入 rope.scaling.type = linear 和 ` +
      'rope.scaling.factor = {factor}，llama.cpp 会读取它们。',
  },
  'llama-ntk': {
    en:
      'llama.cpp has no static NTK type: the scaled base, base * factor^(d/(d-2)) = {base} * ' +
      '{factor}^({dim}/{dimLess2}) = {scaled} with d = {dim} rotary features, is all of it, given as ' +
      '--rope-freq-base (printed as the shortest decimal std::stof reads back as the float llama.cpp keeps).',
    zh:
      'llama.cpp 没有静态 NTK 类型：缩放后的 base，即 base * factor^(d/(d-2)) = {base} * ' +
      '{factor}^({dim}/{dimLess2}) = {scaled}（d = {dim} 个旋转特征），就是它的全部，以 --rope-freq-base 给出' +
      '（打印为 std::stof 读回恰为 llama.cpp 所存 float 的最短十进制数）。',
  },
  'llama-ntk-gguf': {
    en:
      `${GGUF_EN} the flag is still needed: 'ntk' is no transformers rope_type, so convert_hf_to_gguf.py has ` +
      'nothing to write but rope_theta as rope.freq_base.',
    zh:
      `对${GGUF_ZH}，这个参数仍然需要：'ntk' 不是 transformers 的 rope_type，convert_hf_to_gguf.py 只会把 ` +
      'rope_theta 写为 rope.freq_base。',
  },
  'llama-gte-mixed': {
    en:
      "GTE's mixed NTK (mixed_b = {mixedB}) divides each frequency by its own exp(a (i + 1)^b): llama.cpp's one " +
      'base and one scale cannot express it, so no flag reproduces this RoPE.',
    zh:
      'GTE 的混合 NTK（mixed_b = {mixedB}）把每个频率各自除以 exp(a (i + 1)^b)：llama.cpp 只有一个 base 和一个' +
      '缩放系数，表达不了它，因此没有参数能重现这个 RoPE。',
  },
  'llama-gte-fixed': {
    en:
      "GTE's fixed NTK turns position p by p * (rope_theta * factor)^(-2i/d) / factor^(2/d): a base of {base} " +
      'and a frequency scale of factor^(-2/d) = {scale} with d = {dim} give llama.cpp the same angles, up to ' +
      'float rounding.',
    zh:
      'GTE 的固定 NTK 把位置 p 旋转 p * (rope_theta * factor)^(-2i/d) / factor^(2/d)：取 base {base}、频率缩放 ' +
      'factor^(-2/d) = {scale}（d = {dim}），llama.cpp 得到相同的角度，只差浮点舍入。',
  },
  'llama-gte-gguf': {
    en:
      'Whether a GGUF of this model carries them depends on its converter: compare its rope.freq_base and ' +
      'rope.scaling.factor with these flags.',
    zh: '这个模型的 GGUF 是否自带这些设置取决于转换工具：请把它的 rope.freq_base 和 rope.scaling.factor 与这些参数对照。',
  },
  'llama-dynamic-context': {
    en:
      "transformers' dynamic NTK grows the base with the sequence: base * (factor * L / M - (factor - 1))^(d/(d-2)) " +
      'at length L > M = {max}, rope_theta up to M. llama.cpp has no dynamic type, and this flag fixes the base ' +
      'for the whole context at its value for L = -c = {context} ({scaled}): every position gets it, short ' +
      'prompts too, where transformers would use the smaller base of the current length.',
    zh:
      'transformers 的 dynamic NTK 让 base 随序列增长：长度 L > M = {max} 时为 base * (factor * L / M - ' +
      '(factor - 1))^(d/(d-2))，不超过 M 时为 rope_theta。llama.cpp 没有 dynamic 类型，这个参数把整个上下文的 ' +
      'base 固定为 L = -c = {context} 时的值（{scaled}）：每个位置都用它，短提示也一样，而 transformers 会按当前' +
      '长度用较小的 base。',
  },
  'llama-dynamic-needed': {
    en: `${GGUF_EN} the flag is still needed: ${DYNAMIC_IGNORED_EN}.`,
    zh: `对${GGUF_ZH}，这个参数仍然需要：${DYNAMIC_IGNORED_ZH}。`,
  },
  'llama-dynamic-within': DYNAMIC_WITHIN('', ''),
  'llama-dynamic-within-context': DYNAMIC_WITHIN(' with -c {context}', ' -c {context} 时'),
  'llama-dynamic-gguf': {
    en: `${GGUF_EN} that holds too: ${DYNAMIC_IGNORED_EN}, which is what transformers uses up to that length.`,
    zh: `对${GGUF_ZH}也是如此：${DYNAMIC_IGNORED_ZH}，而这正是 transformers 在该长度以内所用的值。`,
  },
  'llama-hunyuan-alpha': {
    en:
      "Hunyuan's alpha = {alpha} sets the base to rope_theta * alpha^(d/(d-2)) = {scaled} with d = {dim}; " +
      'llama.cpp has no dynamic type, and --rope-freq-base gives that base to every position.',
    zh:
      'Hunyuan 的 alpha = {alpha} 把 base 设为 rope_theta * alpha^(d/(d-2)) = {scaled}（d = {dim}）；llama.cpp ' +
      '没有 dynamic 类型，--rope-freq-base 把这个 base 用于每个位置。',
  },
  'llama-hunyuan-beyond': {
    en:
      'Beyond max_position_embeddings = {max} transformers recomputes the frequencies with its plain dynamic ' +
      'rule, where alpha plays no part; llama.cpp keeps the alpha base for the whole -c {context}, as a ' +
      'converted GGUF does.',
    zh:
      '超过 max_position_embeddings = {max} 后，transformers 用普通的 dynamic 规则重新计算频率，alpha 不起作用；' +
      'llama.cpp 在整个 -c {context} 内保持 alpha 给出的 base，转换得到的 GGUF 也是如此。',
  },
  'llama-hunyuan-gguf': {
    en:
      `${GGUF_EN} the flag restates what it holds: convert_hf_to_gguf.py's HunYuan classes write this scaled ` +
      'base as rope.freq_base.',
    zh:
      `对${GGUF_ZH}，这个参数只是重复它已有的值：convert_hf_to_gguf.py 的 HunYuan 类把这个缩放后的 base 写为 ` +
      'rope.freq_base。',
  },
  'llama-yarn-one': {
    en: 'YaRN with factor 1 interpolates nothing and scales no attention: no flag is needed.',
    zh: 'factor 为 1 的 YaRN 既不插值也不缩放注意力：不需要参数。',
  },
  'llama-yarn-no-original': {
    en:
      "No original_max_position_embeddings is known: llama.cpp then takes the GGUF's " +
      'rope.scaling.original_context_length, else its context_length, as the original length.',
    zh:
      '不知道 original_max_position_embeddings：llama.cpp 于是取 GGUF 的 rope.scaling.original_context_length ' +
      '作为原始长度，没有时取其 context_length。',
  },
  'llama-yarn-gguf': {
    en:
      `${GGUF_EN} these flags are redundant: convert_hf_to_gguf.py writes rope.scaling.type = yarn, ` +
      'rope.scaling.factor and rope.scaling.original_context_length (and beta_fast, beta_slow and ' +
      'attention_factor when the config gives them).',
    zh:
      `对${GGUF_ZH}，这些参数是多余的：convert_hf_to_gguf.py 写入 rope.scaling.type = yarn、` +
      'rope.scaling.factor 和 rope.scaling.original_context_length（config 给出时还有 beta_fast、beta_slow 和 ' +
      'attention_factor）。',
  },
  'llama-yarn-attention': {
    en:
      'llama.cpp overwrites the YaRN attention factor whenever ext_factor != 0, as --rope-scaling yarn makes it ' +
      "(ext_factor 1, the full ramp, as transformers; so no --yarn-ext-factor either): llama_context's " +
      'constructor (src/llama-context.cpp) sets it to get_mscale(factor) = 0.1 * ln(factor) + 1 (a ratio of ' +
      'get_mscale terms when the GGUF carries rope.scaling.yarn_log_multiplier, as DeepSeek conversions do), ' +
      "divides out the 0.1 * ln(1/freq_scale) + 1 that ggml's rope_yarn multiplies in, and multiplies by the " +
      "GGUF's rope.scaling.attn_factor. So neither --yarn-attn-factor nor a config's attention_factor (the " +
      'converter writes it as rope.scaling.yarn_attn_factor) is honoured, and no --yarn-attn-factor is printed.',
    zh:
      '只要 ext_factor != 0（--rope-scaling yarn 就会如此），llama.cpp 就会覆盖 YaRN 的注意力系数（ext_factor 为 ' +
      '1，即完整的过渡斜坡，与 transformers 相同，所以也不需要 --yarn-ext-factor）：llama_context 的构造函数' +
      '（src/llama-context.cpp）把它设为 get_mscale(factor) = 0.1 * ln(factor) + 1（GGUF 带有 ' +
      'rope.scaling.yarn_log_multiplier 时为 get_mscale 项之比，DeepSeek 的转换就是如此），除去 ggml 的 rope_yarn ' +
      '乘进去的 0.1 * ln(1/freq_scale) + 1，再乘以 GGUF 的 rope.scaling.attn_factor。因此 --yarn-attn-factor ' +
      '和 config 的 attention_factor（转换工具把它写为 rope.scaling.yarn_attn_factor）都不起作用，这里也不打印 ' +
      '--yarn-attn-factor。',
  },
  'llama-yarn-mscale': {
    en:
      "This config's attention factor {ours} comes from mscale and mscale_all_dim; llama.cpp matches it only " +
      "where the converter writes rope.scaling.yarn_log_multiplier (DeepSeek's classes), and applies {theirs} = " +
      '0.1 * ln({factor}) + 1 otherwise.',
    zh:
      '这个 config 的注意力系数 {ours} 来自 mscale 和 mscale_all_dim；只有转换工具写入 ' +
      'rope.scaling.yarn_log_multiplier 时（DeepSeek 的类），llama.cpp 才与之一致，否则使用 {theirs} = ' +
      '0.1 * ln({factor}) + 1。',
  },
  'llama-yarn-differs': {
    en:
      "This config's attention factor {ours} is not what llama.cpp applies, {theirs} = 0.1 * ln({factor}) + 1: " +
      'attention logits differ by ({ours} / {theirs})^2 = {ratio}.',
    zh:
      '这个 config 的注意力系数 {ours} 与 llama.cpp 所用的 {theirs} = 0.1 * ln({factor}) + 1 不同：注意力 logits ' +
      '相差 ({ours} / {theirs})^2 = {ratio} 倍。',
  },
  'llama-yarn-agree': {
    en: 'Here the two agree: cos and sin scale by {theirs} = 0.1 * ln({factor}) + 1 in both.',
    zh: '这里两者一致：cos 和 sin 在两边都乘以 {theirs} = 0.1 * ln({factor}) + 1。',
  },
  'llama-yarn-untruncated': {
    en:
      'truncate: false (gpt-oss) cannot be expressed: ggml_rope_yarn_corr_dims always floors the start and ceils ' +
      'the end of the correction range, so llama.cpp ramps over pair indices [{lowGgml}, {highGgml}] where ' +
      'transformers ramps over [{low}, {high}]; the frequencies in between differ.',
    zh:
      'truncate: false（gpt-oss）无法表达：ggml_rope_yarn_corr_dims 总是把校正区间的起点向下取整、终点向上取整，' +
      '所以 llama.cpp 在对序号 [{lowGgml}, {highGgml}] 上过渡，而 transformers 在 [{low}, {high}] 上过渡；' +
      '两者之间的频率不同。',
  },
  'llama-longrope': {
    en:
      'No flag expresses LongRoPE: --rope-scaling takes only none, linear or yarn (common/arg.cpp), and the ' +
      'per-pair factors live in the GGUF as the rope_factors_long and rope_factors_short tensors. For a GGUF ' +
      "converted from this config nothing is missing: convert_hf_to_gguf.py (Phi-3's class) writes both, with " +
      'rope.scaling.original_context_length and rope.scaling.attn_factor = sqrt(1 + ln(s) / ln(original)), s = ' +
      'max_position_embeddings / original.',
    zh:
      '没有参数能表达 LongRoPE：--rope-scaling 只接受 none、linear 或 yarn（common/arg.cpp），每对的系数以 ' +
      `rope_factors_long 和 rope_factors_short 张量存放在 GGUF 中。${GGUF_ZH}什么也不缺：convert_hf_to_gguf.py` +
      '（Phi-3 的类）写入这两个张量，以及 rope.scaling.original_context_length 和 rope.scaling.attn_factor = ' +
      'sqrt(1 + ln(s) / ln(original))，其中 s = max_position_embeddings / original。',
  },
  'llama-longrope-minicpm3': {
    en:
      'No flag expresses LongRoPE: --rope-scaling takes only none, linear or yarn (common/arg.cpp), and the ' +
      'per-pair factors live in the GGUF as the rope_factors_long and rope_factors_short tensors. ' +
      "convert_hf_to_gguf.py's MiniCPM3 class writes those two tensors and no other scaling key, so llama.cpp " +
      "takes the GGUF's context length, max_position_embeddings {max}, as the original length and 1 as the " +
      'attention factor; transformers takes original_max_position_embeddings {original} and {factor}.',
    zh:
      '没有参数能表达 LongRoPE：--rope-scaling 只接受 none、linear 或 yarn（common/arg.cpp），每对的系数以 ' +
      'rope_factors_long 和 rope_factors_short 张量存放在 GGUF 中。convert_hf_to_gguf.py 的 MiniCPM3 类只写入' +
      '这两个张量，不写其他缩放键，所以 llama.cpp 把 GGUF 的上下文长度 max_position_embeddings {max} 当作原始长度，' +
      '注意力系数取 1；transformers 则用 original_max_position_embeddings {original} 和 {factor}。',
  },
  'llama-longrope-pick': {
    en:
      'llama.cpp picks the long factors once for the whole context, when the context per sequence (-c, divided ' +
      'by --parallel unless the KV cache is unified) exceeds the original length {original} ' +
      '(llama_model::get_rope_factors); transformers picks them by the current sequence length, so with -c above ' +
      '{original} a sequence shorter than {original} gets the long factors in llama.cpp and the short ones in ' +
      'transformers.',
    zh:
      'llama.cpp 为整个上下文一次性选用长系数，条件是每个序列的上下文（-c，除非 KV 缓存是统一的，否则要除以 ' +
      '--parallel）超过原始长度 {original}（llama_model::get_rope_factors）；transformers 则按当前序列长度选择，' +
      '所以当 -c 大于 {original} 时，短于 {original} 的序列在 llama.cpp 中用长系数，在 transformers 中用短系数。',
  },
  'llama-longrope-long': LONGROPE_CONTEXT('long', '长'),
  'llama-longrope-short': LONGROPE_CONTEXT('short', '短'),
  'llama-longrope-attn': {
    en: "The converter computes rope.scaling.attn_factor itself and ignores this config's attention_factor {factor}.",
    zh: '转换工具自己计算 rope.scaling.attn_factor，忽略这个 config 的 attention_factor {factor}。',
  },
  'llama-llama3': {
    en:
      'No flag expresses llama3 scaling: convert_hf_to_gguf.py bakes its per-pair factors (1, factor, or the ' +
      'smooth blend between the low_freq_factor and high_freq_factor wavelengths) into the rope_freqs tensor, ' +
      `which ggml divides each angle by. ${GGUF_EN} nothing is missing, and ` +
      '--rope-scale would scale on top of it.',
    zh:
      '没有参数能表达 llama3 缩放：convert_hf_to_gguf.py 把每对的系数（1、factor，或 low_freq_factor 与 ' +
      'high_freq_factor 两个波长之间的平滑过渡）写进 rope_freqs 张量，ggml 用它去除每个角度。' +
      `${GGUF_ZH}什么也不缺，--rope-scale 反而会在此之上再缩放一次。`,
  },
  'llama-proportional': PROPORTIONAL('turning pairs and 1e30 for the others', '旋转的对为 1，其余为 1e30'),
  'llama-proportional-counts': PROPORTIONAL(
    '{turning} turning pairs and 1e30 for the other {others}',
    '旋转的 {turning} 对为 1，其余 {others} 对为 1e30',
  ),
  'llama-proportional-factor': {
    en:
      `${GGUF_EN} the factor {factor} needs these flags: the converter writes no scaling for 'proportional' ` +
      "(its generic code logs 'Unknown RoPE type').",
    zh:
      `对${GGUF_ZH}，factor {factor} 需要这些参数：转换工具不为 'proportional' 写入任何缩放（其通用代码会记录 ` +
      "'Unknown RoPE type'）。",
  },
  'llama-proportional-gguf': {
    en: `${GGUF_EN} nothing is missing: the converter writes the tensor and rope_theta as rope.freq_base.`,
    zh: `${GGUF_ZH}什么也不缺：转换工具写入该张量，并把 rope_theta 写为 rope.freq_base。`,
  },
  'llama-sliding': {
    en:
      'llama.cpp takes one set of RoPE flags for the whole model and applies --rope-freq-base and --rope-scale ' +
      'to its non-sliding layers only (llama_model::get_rope_freq_base and get_rope_freq_scale); sliding-window ' +
      "layers such as these '{layerType}' layers (of {layers}) use the GGUF's rope.freq_base_swa and a frequency " +
      "scale set by the architecture's loader, so no flag can set their RoPE.",
    zh:
      'llama.cpp 对整个模型只接受一组 RoPE 参数，且 --rope-freq-base 和 --rope-scale 只作用于非滑动窗口的层' +
      "（llama_model::get_rope_freq_base 和 get_rope_freq_scale）；像这里的 '{layerType}' 层（属于 {layers}）" +
      '这样的滑动窗口层，使用 GGUF 的 rope.freq_base_swa 和架构加载代码设定的频率缩放，所以没有参数能设定它们的 RoPE。',
  },
  'llama-sliding-gemma3': {
    en:
      `${GGUF_EN} nothing is missing: convert_hf_to_gguf.py writes the sliding_attention rope_theta ({base}) as ` +
      "rope.freq_base_swa, which Gemma 3's loader reads (older llama.cpp hard-coded 10000 for Gemma 3's sliding " +
      'layers).',
    zh:
      `${GGUF_ZH}什么也不缺：convert_hf_to_gguf.py 把 sliding_attention 的 rope_theta（{base}）写为 ` +
      'rope.freq_base_swa，Gemma 3 的加载代码会读取它（较早的 llama.cpp 对 Gemma 3 的滑动窗口层写死为 10000）。',
  },
  'llama-sliding-check': {
    en:
      "Check that the GGUF's rope.freq_base_swa (or its architecture's default for sliding-window layers) is " +
      "{base}, this config's sliding_attention base.",
    zh: '请确认 GGUF 的 rope.freq_base_swa（或其架构对滑动窗口层的默认值）是 {base}，即这个 config 的 sliding_attention base。',
  },
  'llama-sliding-scaling': {
    en:
      "This layer type's '{type}' scaling has no place in llama.cpp's sliding-window layers, whose frequency " +
      'scale comes from the architecture (1 for Gemma 3).',
    zh: "这种层类型的 '{type}' 缩放在 llama.cpp 的滑动窗口层中无处施加，这些层的频率缩放由架构决定（Gemma 3 为 1）。",
  },
  'llama-partial': {
    en:
      "Only {dim} of {headDim} features per head rotate: llama.cpp takes n_rot from the GGUF's " +
      "rope.dimension_count, which the converter writes from the model's partial rotary factor; no flag changes it.",
    zh:
      '每个头的 {headDim} 个特征中只有 {dim} 个旋转：llama.cpp 从 GGUF 的 rope.dimension_count 取得 n_rot，' +
      '转换工具按模型的 partial_rotary_factor 写入它；没有参数能改变它。',
  },
  'llama-interleaved': {
    en:
      "Pairs are adjacent features (interleaved): llama.cpp's architecture decides the pairing " +
      '(llama_model_rope_type: LLAMA_ROPE_TYPE_NORM rotates adjacent features, LLAMA_ROPE_TYPE_NEOX the two ' +
      'halves; the converter permutes LLaMA-family q and k weights so that NORM reproduces rotate_half), and no ' +
      'flag changes it.',
    zh:
      '成对的是相邻特征（交错）：配对方式由 llama.cpp 的架构决定（llama_model_rope_type：LLAMA_ROPE_TYPE_NORM ' +
      '旋转相邻特征，LLAMA_ROPE_TYPE_NEOX 旋转两半；转换工具会重排 LLaMA 系列的 q、k 权重，使 NORM 重现 ' +
      'rotate_half），没有参数能改变它。',
  },
  'llama-mrope': MROPE('', '', 'GGML_ROPE_TYPE_MROPE'),
  'llama-imrope': MROPE(' (interleaved)', '（交错排列）', 'GGML_ROPE_TYPE_IMROPE'),
  'llama-no-rope-layers': {
    en:
      "{count} layers apply no RoPE: llama.cpp's architecture decides which layers skip the rotation, from what " +
      'the converter writes into the GGUF; no flag changes it.',
    zh: '{count} 个层不做 RoPE：哪些层跳过旋转由 llama.cpp 的架构根据转换工具写入 GGUF 的内容决定；没有参数能改变它。',
  },
  'llama-vision-axial': {
    en:
      "No flag applies: llama.cpp's RoPE flags set the text model's positions along the sequence, not a vision " +
      "encoder's 2-D axial RoPE over its patch grid.",
    zh: '没有适用的参数：llama.cpp 的 RoPE 参数设定的是文本模型沿序列的位置，而不是视觉编码器在图像块网格上的二维轴向 RoPE。',
  },
};

/** code -> { en, zh }: each a template whose {name} is the note's value of that name. */
export const NOTE_TEMPLATES = {
  'values-turn': {
    en: '{path} is true: the values turn by these angles as well as the queries and keys',
    zh: '{path} 为 true：除了查询和键，值向量也按这些角度旋转',
  },
  'hunyuan-alpha': {
    en:
      "{path} = {alpha} sets the NTK base rope_theta * alpha^(d/(d-2)) = {base} (Hunyuan's rule) up to " +
      'max_position_embeddings {max}; beyond it transformers recomputes the frequencies with the plain dynamic ' +
      'rule, without alpha',
    zh:
      '{path} = {alpha} 在 max_position_embeddings {max} 以内把 NTK base 设为 rope_theta * alpha^(d/(d-2)) = ' +
      '{base}（Hunyuan 的规则）；超出之后，transformers 改用不含 alpha 的普通 dynamic 规则重新计算频率',
  },
  'hunyuan-alpha-past': {
    en:
      "{path} = {alpha} sets Hunyuan's NTK base only up to max_position_embeddings {max}; at seqLen {seqLen} " +
      'transformers recomputes the frequencies with its plain dynamic rule, without alpha',
    zh:
      '{path} = {alpha} 只在 max_position_embeddings {max} 以内设定 Hunyuan 的 NTK base；在 seqLen {seqLen} 时，' +
      'transformers 改用不含 alpha 的普通 dynamic 规则重新计算频率',
  },
  'phimoe-mscale': {
    en:
      "the attention factor is {path} (Phi-3.5-MoE's rule): short_mscale up to original_max_position_embeddings " +
      '{original}, long_mscale beyond',
    zh:
      '注意力系数取 {path}（Phi-3.5-MoE 的规则）：长度不超过 original_max_position_embeddings {original} 时用 ' +
      'short_mscale，超过时用 long_mscale',
  },
  'gte-ntk-plain': {
    en: "{path} = {factor} leaves GTE's plain frequencies (its NTK needs > 1)",
    zh: '{path} = {factor} 时 GTE 保持原始频率（它的 NTK 要求 factor > 1）',
  },
  'unknown-model-type': {
    en: `model_type '{modelType}'${LLAMA_RULES_EN}`,
    zh: `model_type '{modelType}' ${LLAMA_RULES_ZH}`,
  },
  'no-model-type': {
    en: `a config without model_type${LLAMA_RULES_EN}`,
    zh: `没有 model_type 的 config ${LLAMA_RULES_ZH}`,
  },
  'partial-not-applied': {
    en: "{path} = {value} was not applied: Llama's default RoPE rotates the whole head",
    zh: '{path} = {value} 未被采用：Llama 的 default RoPE 旋转整个头',
  },
  'rotary-dim-not-applied': {
    en: "{path} = {value} was not applied: Llama's rules rotate the head's {rotaryDim} features",
    zh: '{path} = {value} 未被采用：按 Llama 的规则，头的全部 {rotaryDim} 个特征都旋转',
  },
  'scaling-not-read': {
    en: "{path} was not applied: {modelType}'s code never reads it",
    zh: '{path} 未被采用：{modelType} 的代码从不读取它',
  },
  'llama4-scaling-beta': {
    en:
      '{path} = {value}: after the rotation the model scales its queries by 1 + beta * ln(1 + floor(position / ' +
      "original_max_position_embeddings)), Llama 4's attention temperature; it is not part of RoPE and not in " +
      'these frequencies or options',
    zh:
      '{path} = {value}：旋转之后，模型把查询乘以 1 + beta * ln(1 + floor(position / ' +
      'original_max_position_embeddings))，即 Llama 4 的注意力温度；它不属于 RoPE，也不在这些频率和选项里',
  },
  'layers-without-rope': {
    en:
      '{count} layers apply no RoPE (their indices are in layersWithoutRope); ' +
      "this RoPE is that of the others ('{layerType}')",
    zh: '{count} 个层不做 RoPE（层号见 layersWithoutRope）；这里的 RoPE 属于其余的层（{layerType}）',
  },
  'bamba-default-rope': {
    en:
      "transformers main rotates Bamba's whole head for the default rope type, though its config sets " +
      'partial_rotary_factor 0.5; transformers 4.x rotated the first half of the head',
    zh:
      '对 default rope type，transformers main 旋转 Bamba 的整个头，尽管它的 config 设了 ' +
      'partial_rotary_factor 0.5；transformers 4.x 旋转的是头的前一半',
  },
  'nomic-dynamic-ntk': {
    en:
      '{path} = {value}: past max_trained_positions (default 2048) tokens the model raises the base by dynamic ' +
      'NTK, base * (factor * length / max_trained_positions - factor + 1)^(d / (d - 2)); these frequencies hold ' +
      'up to it',
    zh:
      '{path} = {value}：超过 max_trained_positions（默认 2048）个 token 之后，模型用 dynamic NTK 提高 base，' +
      '即 base * (factor * length / max_trained_positions - factor + 1)^(d / (d - 2))；这些频率只在此长度以内成立',
  },
  'minimax-rotary-dim': {
    en:
      "{path} = {value}: turned here as MiniMax's own code turns it; transformers' minimax port reads no " +
      'rotary_dim and turns the whole head',
    zh: '{path} = {value}：这里按 MiniMax 自己的代码旋转；transformers 的 minimax 移植不读 rotary_dim，旋转整个头',
  },
  'minimax-m3-rotary-dim': {
    en:
      "{path} = {value} was not applied: transformers' MiniMax-M3 port turns the whole head (its config never " +
      'makes rotary_dim a partial_rotary_factor), although the config documents it as the rotated width',
    zh:
      '{path} = {value} 未被采用：transformers 的 MiniMax-M3 移植旋转整个头' +
      '（其配置从不把 rotary_dim 变为 partial_rotary_factor），尽管配置说明它是旋转的宽度',
  },
  'chatglm-rope-ratio': {
    en:
      "{path} multiplies the base 10000, as ChatGLM3's and GLM-4's code does; ChatGLM2-6B-32K's code divides " +
      'the positions by it instead (linear scaling), which its config.json does not tell apart',
    zh:
      '{path} 乘到 base 10000 上，与 ChatGLM3 和 GLM-4 的代码一致；ChatGLM2-6B-32K 的代码则用它去除位置' +
      '（线性缩放），而它的 config.json 区分不出这两种情况',
  },
  'dbrx-attn-base': {
    en:
      '{path} = {value}, the base DBRX was trained with and its attention reads; transformers 5 no longer reads ' +
      "attn_config's base and turns a config without a top-level rope_theta at 10000",
    zh:
      '{path} = {value}，是 DBRX 训练时所用、其注意力读取的 base；transformers 5 不再读取 attn_config 中的 ' +
      'base，顶层没有 rope_theta 的 config 按 10000 旋转',
  },
  'paligemma-positions': {
    en:
      'PaliGemma numbers positions from 1 (modeling_paligemma.py: position_ids = cache_position + 1): give ' +
      'offset + 1, or positions + 1, to rope() to turn q and k as it does; the logits depend on m - n alone and ' +
      'are the same either way, up to the rounding of each angle',
    zh:
      'PaliGemma 的位置从 1 开始编号（modeling_paligemma.py：position_ids = cache_position + 1）：要像它那样旋转 ' +
      'q 和 k，给 rope() 传 offset + 1 或 positions + 1；logits 只取决于 m - n，两种做法结果相同，只差各角度的舍入',
  },
  'deepseek-v32-indexer': {
    en:
      "DeepSeek-V3.2's indexer turns the first qk_rope_head_dim features of its index_head_dim-wide q and k by " +
      "these frequencies in halves (rotate_half), not in adjacent pairs: give rope() layout 'half' for it",
    zh:
      'DeepSeek-V3.2 的 indexer 用这些频率旋转其 index_head_dim 宽的 q 和 k 的前 qk_rope_head_dim 个特征，' +
      "按两半（rotate_half）而非相邻成对：为它调用 rope() 时请用 layout 'half'",
  },
  'hy-v4-indexer': {
    en:
      "HY V4's indexer turns the last qk_rope_head_dim features of its index_head_dim-wide q and k by these " +
      'frequencies in halves too',
    zh: 'HY V4 的 indexer 也用这些频率按两半旋转其 index_head_dim 宽的 q 和 k 的最后 qk_rope_head_dim 个特征',
  },
  'glm5-indexer': {
    en:
      "GLM-5's indexer turns the first qk_rope_head_dim features of its q and k by these frequencies in adjacent " +
      'pairs too; older transformers versions turned both by halves (rotate_half)',
    zh:
      'GLM-5 的 indexer 也用这些频率按相邻成对旋转其 q 和 k 的前 qk_rope_head_dim 个特征；较早的 transformers ' +
      '版本对两者都按两半（rotate_half）旋转',
  },
  'nanochat-rotation': {
    en:
      'nanochat turns the other way (its rotate_half is (x2, -x1)): its q and k at position m are this ' +
      "rotation's inverse, the same frequencies with the sign of every sin flipped, so its logit for (m, n) is " +
      'the one this RoPE gives for (n, m)',
    zh:
      'nanochat 的旋转方向相反（它的 rotate_half 是 (x2, -x1)）：它在位置 m 的 q 和 k 是这个旋转的逆，频率相同、' +
      '每个 sin 的符号相反，所以它对 (m, n) 的 logit 就是这个 RoPE 对 (n, m) 给出的 logit',
  },
  't5gemma-decoder': {
    en:
      "T5Gemma: this is the decoder's self-attention RoPE (config.decoder); the encoder's is read from " +
      'config.encoder, and cross-attention turns nothing',
    zh: 'T5Gemma：这是解码器自注意力的 RoPE（config.decoder）；编码器的从 config.encoder 读取，交叉注意力不做旋转',
  },
  't5gemma2-decoder': {
    en:
      "T5Gemma 2: this is the decoder's RoPE (config.decoder); the encoder's is read from " +
      "config.encoder.text_config, and the decoder's merged attention turns its own keys, not the encoder's",
    zh:
      'T5Gemma 2：这是解码器的 RoPE（config.decoder）；编码器的从 config.encoder.text_config 读取，' +
      '解码器的合并注意力只旋转它自己的键，不旋转编码器的键',
  },
  'dia-decoder': {
    en:
      "Dia: this is the decoder's self-attention RoPE (config.decoder_config); the encoder's is read from " +
      'config.encoder_config, and cross-attention turns nothing',
    zh: 'Dia：这是解码器自注意力的 RoPE（config.decoder_config）；编码器的从 config.encoder_config 读取，交叉注意力不做旋转',
  },
  'blt-global': {
    en:
      "BLT: this is the global transformer's RoPE (config.global_config, over patch positions); the local " +
      'encoder, local decoder and entropy patcher turn by their own (encoder_config, decoder_config, ' +
      'patcher_config)',
    zh:
      'BLT：这是全局 transformer 的 RoPE（config.global_config，作用于 patch 的位置）；局部编码器、局部解码器和' +
      '熵 patcher 各按自己的 RoPE 旋转（encoder_config、decoder_config、patcher_config）',
  },
  'qwen-dynamic-ntk': {
    en:
      "with use_dynamic_ntk (its default) Qwen's code raises the base past seq_length tokens, to rotary_emb_base " +
      '* a^(d / (d - 2)) with a = 2^ceil(log2(length / seq_length) + 1) - 1 for a prompt of that length, and ' +
      'with use_logn_attn it scales its queries by log_seq_length(position) there; these frequencies hold up ' +
      'to seq_length',
    zh:
      '开启 use_dynamic_ntk（默认开启）时，Qwen 的代码在超过 seq_length 个 token 后提高 base：对该长度的提示取 ' +
      'rotary_emb_base * a^(d / (d - 2))，其中 a = 2^ceil(log2(length / seq_length) + 1) - 1；开启 ' +
      'use_logn_attn 时，它在那里还把查询乘以 log_seq_length(position)；这些频率只在 seq_length 以内成立',
  },
  'neomme-axes': {
    en:
      "NeoMME's M-RoPE has two axes: an image patch turns its even pairs by its row and its odd pairs by its " +
      'column. Text takes the token index on both, which is the rotation given here.',
    zh:
      'NeoMME 的 M-RoPE 有两条轴：图像块的偶数对按行号旋转，奇数对按列号旋转。文本在两条轴上都用词元序号，' +
      '就是这里给出的旋转。',
  },
  'deepseek-v4-slice': {
    en:
      'DeepSeek-V4 turns the last 64 features of each head (its heads are [448 without RoPE | 64 with it]), not ' +
      'the first: apply this rotation to that slice. The compressed layers turn their pooled keys at the ' +
      'position where each window starts (window * compress_rate + its first position), and every layer turns ' +
      "its attention output back by the query's angles (cos, -sin)",
    zh:
      'DeepSeek-V4 旋转每个头的最后 64 个特征（它的头是 [448 个不做 RoPE | 64 个做 RoPE]），而不是' +
      '最前面的：请把这个旋转用在那一段上。压缩层在每个窗口起始的位置（window * compress_rate + 其首个位置）' +
      '旋转池化后的键，并且每一层都按查询的角度（cos, -sin）把注意力输出转回去',
  },
  'ernie45-vl-sections': {
    en:
      'ERNIE 4.5 VL turns image and video tokens by its own 3-D split (of the first 2 * mrope_section[0] pairs ' +
      'the even ones by height and the odd ones by width, the last mrope_section[2] pairs by time), which ' +
      "rope()'s sections do not express; text tokens turn as here",
    zh:
      'ERNIE 4.5 VL 按自己的三维划分旋转图像和视频 token（前 2 * mrope_section[0] 对中偶数对按高度、奇数对按' +
      '宽度，最后 mrope_section[2] 对按时间），rope() 的分段表达不了；文本 token 按这里的方式旋转',
  },
  'hunyuan-vl-sections': {
    en:
      "HunYuan-VL turns image tokens by four position axes (xdrope_section, in pairs), which rope()'s " +
      'three-axis sections do not express; text tokens turn as here',
    zh:
      'HunYuan-VL 按四个位置轴（xdrope_section，以对为单位）旋转图像 token，rope() 的三轴分段表达不了；' +
      '文本 token 按这里的方式旋转',
  },
  'mlcd-class-token': {
    en:
      "MLCD's class token, first in the sequence, turns by learned angles (class_pos_emb), not by a grid " +
      'position: give rope() the patch tokens after it, with the grid of the image (patches a side: its height ' +
      'and width divided by patch_size)',
    zh:
      'MLCD 的类别 token 位于序列之首，按学到的角度（class_pos_emb）旋转，而不是按网格位置：请把它之后的图像块 ' +
      'token 交给 rope()，网格取该图像的（每边的图像块数：其高和宽除以 patch_size）',
  },
  'sam3-windowed': {
    en:
      'These layers attend within windows of {window} x {window} patches, each a grid of its own: give rope() ' +
      'gridWidth = gridHeight = {window} and the tokens window after window, as window_partition orders them ' +
      '(padding included)',
    zh:
      '这些层在 {window} x {window} 个图像块的窗口内做注意力，每个窗口自成一个网格：请给 rope() gridWidth = ' +
      'gridHeight = {window}，token 按 window_partition 的顺序逐窗口排列（含填充）',
  },
  'sam3-global': {
    en:
      'These layers attend over a grid fixed at image_size / patch_size = {grid} patches a side, their ' +
      'positions scaled by window_size / {grid} = {window} / {grid} = {scale}, which these frequencies carry: ' +
      'give rope() gridWidth = gridHeight = {grid}',
    zh:
      '这些层在固定为 image_size / patch_size = {grid} 个图像块见方的网格上做注意力，位置乘以 window_size / ' +
      '{grid} = {window} / {grid} = {scale}，这些频率已含此系数：请给 rope() gridWidth = gridHeight = {grid}',
  },
  ...LLAMA_CPP_TEMPLATES,
};

/**
 * Notes as sentences in `lang` (undefined: English); another lang is a RangeError. Here, not in the library's
 * own code, so that the figures' download does not carry it.
 */
export function renderNotes(notes, lang = 'en') {
  if (!NOTE_LANGUAGES.includes(lang)) {
    const got = typeof lang === 'string' ? JSON.stringify(lang) : String(lang);
    throw new RangeError(`lang must be ${NOTE_LANGUAGES.map((l) => `'${l}'`).join(' or ')}, got ${got}`);
  }
  return notes.map((note) => renderNote(note, lang));
}

/** The languages a note is written in. */
export const NOTE_LANGUAGES = ['en', 'zh'];

/**
 * One note as a sentence in `lang` ('en' or 'zh'): the code's template with the note's values put in.
 * @param {{ code: string, params: Record<string, string> }} note
 */
export function renderNote(note, lang = 'en') {
  const templates = NOTE_TEMPLATES[note?.code];
  if (!templates) throw new RangeError(`note.code must be one of the model reader's codes, got ${note?.code}`);
  return templates[lang].replace(/\{(\w+)\}/g, (_, name) => note.params[name]);
}
