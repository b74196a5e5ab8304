// The position arguments several families share, as the API names them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "posenc/error.hpp"
#include "posenc/fields.hpp"

namespace posenc {

// Positions 0..positions-1.
struct position_count {
  std::size_t positions = 0;
};

template <class Field>
void for_each_field(position_count& p, Field&& field) {
  field("positions", p.positions, presence::required, integer_range{0, position_limit});
}

// Explicit positions.
struct position_list {
  std::vector<std::int64_t> positions;
};

template <class Field>
void for_each_field(position_list& p, Field&& field) {
  field("positions", p.positions, presence::required, integer_range{0, position_limit - 1});
}

// The grid of a query of query_len positions against key_len keys (the query's length when
// not given).
struct query_key_lengths {
  std::size_t query_len = 0;
  std::optional<std::size_t> key_len;
  std::size_t keys() const { return key_len.value_or(query_len); }
};

template <class Field>
void for_each_field(query_key_lengths& l, Field&& field) {
  field("queryLen", l.query_len, presence::required, integer_range{0, position_limit});
  field("keyLen", l.key_len, presence::optional, integer_range{0, position_limit});
}

}  // namespace posenc
