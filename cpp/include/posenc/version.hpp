#pragma once
namespace posenc {
inline constexpr const char* version = "0.2.0";
}
