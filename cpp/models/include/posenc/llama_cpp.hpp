// The llama.cpp command-line flags that reproduce a model's RoPE (llama.cpp's common/arg.cpp
// and its GGUF converter, convert_hf_to_gguf.py), and what they cannot express.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "posenc/fields.hpp"
#include "posenc/model_config.hpp"

namespace posenc {

struct llama_cpp_advice {
  std::vector<std::string> flags;  // one flag with its value each: "--rope-scaling yarn", "--rope-scale 4"
  std::vector<note> notes;         // redundancy for a converted GGUF, what is lost (posenc/note.hpp)
};

template <class Field>
void for_each_field(llama_cpp_advice& a, Field&& field) {
  field("flags", a.flags);
  field("notes", a.notes);
}

// Flags for one resolved layer type; context_length (0: not given) is llama.cpp's -c.
llama_cpp_advice llama_cpp_flags(const model_rope& rope, std::int64_t context_length = 0);

// Flags for a whole model config. llama.cpp takes one set of flags, which acts on the layers
// with the model's main RoPE (full attention); the notes of every layer type follow, once each.
llama_cpp_advice llama_cpp_flags(const config_value& config, std::int64_t context_length = 0);

struct llama_cpp_query {
  std::int64_t context_length = 0;
};

template <class Field>
void for_each_field(llama_cpp_query& q, Field&& field) {
  field("contextLength", q.context_length, presence::optional, integer_range{0, max_seq_len});
}

}  // namespace posenc
