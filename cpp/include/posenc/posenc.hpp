// Everything at once. The headers are SIMD-free: kernels live in cpp/src.
#pragma once

#include "posenc/attention.hpp"
#include "posenc/backend.hpp"
#include "posenc/bias.hpp"
#include "posenc/error.hpp"
#include "posenc/layout.hpp"
#include "posenc/learned.hpp"
#include "posenc/precision.hpp"
#include "posenc/relative.hpp"
#include "posenc/rope.hpp"
#include "posenc/scaling.hpp"
#include "posenc/sinusoidal.hpp"
#include "posenc/version.hpp"
