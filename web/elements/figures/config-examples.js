// The example configs of <posenc-config-paste>: the fields of each model's config.json that its RoPE
// depends on. Loaded with the figure's view (config-paste-view.js), not with the embed.

// Phi-3.5-mini-instruct's searched LongRoPE factors (rotary dim 96: 48 pairs). Its config.json holds float32
// values printed as doubles (1.0199999809265137); each is written here as the shortest decimal that rounds to
// the same float32, and Math.fround gives back the file’s exact number: a shorter download.
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
