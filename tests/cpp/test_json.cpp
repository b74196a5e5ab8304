// parse_json: RFC 8259 with Python's NaN / Infinity / -Infinity, the bounds of model_config.hpp,
// and errors naming "config" with line and column. Expected values are literals of the text.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "posenc/model_config.hpp"
#include "test_support.hpp"

namespace {

using posenc::config_value;
using posenc::parse_json;
using posenc_test::throws_invalid;
using kind = config_value::kind;

// parse_json(text) must throw naming "config" and saying where: "line L, column C".
::testing::AssertionResult refused_at(const std::string& text, int line, int column) {
  try {
    parse_json(text);
  } catch (const posenc::invalid_argument& e) {
    const std::string want = "line " + std::to_string(line) + ", column " + std::to_string(column);
    const std::string what = e.what();
    if (e.parameter() != "config" || what.rfind("config must be ", 0) != 0) {
      return ::testing::AssertionFailure() << "[" << e.parameter() << "] " << what;
    }
    if (what.find(want) == std::string::npos) return ::testing::AssertionFailure() << "not at " << want << ": " << what;
    return ::testing::AssertionSuccess() << what;
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "another exception: " << e.what();
  }
  return ::testing::AssertionFailure() << "accepted " << text;
}

TEST(Json, Scalars) {
  EXPECT_EQ(parse_json("null").type, kind::null);
  EXPECT_TRUE(parse_json(" true ").boolean);
  EXPECT_EQ(parse_json("false").type, kind::boolean);
  EXPECT_FALSE(parse_json("false").boolean);
  EXPECT_EQ(parse_json("0").number, 0.0);
  EXPECT_EQ(parse_json("-12").number, -12.0);
  EXPECT_EQ(parse_json("1e-05").number, 1e-05);
  EXPECT_EQ(parse_json("500000.0").number, 500000.0);
  EXPECT_EQ(parse_json("2.5E+3").number, 2500.0);
  EXPECT_EQ(parse_json("0.1").number, 0.1);  // correctly rounded
  EXPECT_TRUE(std::signbit(parse_json("-0.0").number));
  EXPECT_EQ(parse_json("5e-324").number, std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(parse_json("1e400").number, INFINITY);  // as Python's float()
  EXPECT_EQ(parse_json("123456789012345678901234567890").number, 1.2345678901234568e29);
  EXPECT_EQ(parse_json("\"rope_type\"").string, "rope_type");
}

TEST(Json, PythonNonFiniteLiterals) {
  EXPECT_TRUE(std::isnan(parse_json("NaN").number));
  EXPECT_EQ(parse_json("Infinity").number, INFINITY);
  EXPECT_EQ(parse_json("-Infinity").number, -INFINITY);
  const config_value v = parse_json("[NaN, -Infinity, Infinity]");
  ASSERT_EQ(v.items.size(), 3u);
  EXPECT_EQ(v.items[1].number, -INFINITY);
  for (const char* bad : {"nan", "infinity", "+Infinity", "Inf"}) EXPECT_TRUE(refused_at(bad, 1, 1)) << bad;
  EXPECT_TRUE(refused_at("-NaN", 1, 2));
}

TEST(Json, StringEscapesAndUtf8) {
  EXPECT_EQ(parse_json(R"("a\"b\\c\/d\b\f\n\r\t")").string, "a\"b\\c/d\b\f\n\r\t");
  EXPECT_EQ(parse_json(R"("\u00e9\u20AC")").string, "\xC3\xA9\xE2\x82\xAC");
  EXPECT_EQ(parse_json(R"("\ud83d\ude00")").string, "\xF0\x9F\x98\x80");  // a UTF-16 pair
  EXPECT_EQ(parse_json("\"caf\xC3\xA9 \xF0\x9F\x98\x80\"").string, "caf\xC3\xA9 \xF0\x9F\x98\x80");
  EXPECT_EQ(parse_json(R"("\u0000")").string, std::string(1, '\0'));
}

TEST(Json, ObjectsKeepOrderAndFind) {
  const config_value v = parse_json(R"({"b": 1, "a": [1, {"x": null}], "": "empty"})");
  ASSERT_EQ(v.type, kind::object);
  ASSERT_EQ(v.members.size(), 3u);
  EXPECT_EQ(v.members[0].first, "b");
  EXPECT_EQ(v.members[1].first, "a");
  ASSERT_NE(v.find("a"), nullptr);
  EXPECT_EQ(v.find("a")->items[1].find("x")->type, kind::null);
  EXPECT_EQ(v.find("")->string, "empty");
  EXPECT_EQ(v.find("c"), nullptr);
  EXPECT_EQ(v.find("a")->find("x"), nullptr);  // not an object
  EXPECT_TRUE(parse_json("{}").members.empty());
  EXPECT_TRUE(parse_json("[ ]").items.empty());
  EXPECT_TRUE(parse_json(" \t\r\n{ \"k\" \n: \t1 }\r\n").find("k"));
  EXPECT_EQ(parse_json("\xEF\xBB\xBF{\"k\": 2}").find("k")->number, 2.0);  // a byte order mark
}

TEST(Json, MalformedTextNamesLineAndColumn) {
  EXPECT_TRUE(refused_at("", 1, 1));
  EXPECT_TRUE(refused_at("   ", 1, 4));
  EXPECT_TRUE(refused_at("{\n  \"a\": 1,\n}", 3, 1));  // trailing comma
  EXPECT_TRUE(refused_at("[1, 2,]", 1, 7));
  EXPECT_TRUE(refused_at("{\"a\" 1}", 1, 6));
  EXPECT_TRUE(refused_at("{a: 1}", 1, 2));
  EXPECT_TRUE(refused_at("{'a': 1}", 1, 2));
  EXPECT_TRUE(refused_at("01", 1, 2));
  EXPECT_TRUE(refused_at("1.", 1, 3));
  EXPECT_TRUE(refused_at(".5", 1, 1));
  EXPECT_TRUE(refused_at("+1", 1, 1));
  EXPECT_TRUE(refused_at("1e", 1, 3));
  EXPECT_TRUE(refused_at("-", 1, 2));
  EXPECT_TRUE(refused_at("[1 2]", 1, 4));
  EXPECT_TRUE(refused_at("{\"a\": 1} x", 1, 10));
  EXPECT_TRUE(refused_at("\"open", 1, 6));
  EXPECT_TRUE(refused_at("[1, [2, 3]", 1, 11));
  EXPECT_TRUE(refused_at("tru", 1, 1));
  EXPECT_TRUE(refused_at("\"a\tb\"", 1, 3));  // a raw control character
  EXPECT_TRUE(refused_at(R"("\x")", 1, 3));   // an unknown escape
  EXPECT_TRUE(refused_at(R"("\u12G4")", 1, 6));
  EXPECT_TRUE(refused_at(R"("\ud83d")", 1, 8));  // a lone high surrogate
  EXPECT_TRUE(refused_at(R"("\ude00")", 1, 2));  // a lone low surrogate
  EXPECT_TRUE(refused_at(R"("\ud83d\u0041")", 1, 8));
  // Columns count characters, not bytes: "é" is one.
  EXPECT_TRUE(refused_at("{\"\xC3\xA9\": ,}", 1, 7));
}

TEST(Json, InvalidUtf8IsRefused) {
  EXPECT_TRUE(refused_at("\"\xFF\"", 1, 2));
  EXPECT_TRUE(refused_at("\"\xC0\x80\"", 1, 2));          // overlong NUL
  EXPECT_TRUE(refused_at("\"\xED\xA0\x80\"", 1, 2));      // an encoded surrogate
  EXPECT_TRUE(refused_at("\"\xF4\x90\x80\x80\"", 1, 2));  // past U+10FFFF
  EXPECT_TRUE(refused_at("\"\xE2\x82\"", 1, 2));          // truncated
}

TEST(Json, DuplicatedKeysAreRefused) {
  EXPECT_TRUE(refused_at(R"({"a": 1, "a": 2})", 1, 10));
  EXPECT_TRUE(refused_at("{\"x\": {\"k\": 1,\n \"j\": 2, \"k\": 3}}", 2, 10));
  EXPECT_TRUE(throws_invalid([] { parse_json(R"({"factor": 1, "factor": 1})"); }, "config", "'factor'"));
  // Equal keys in different objects are fine.
  EXPECT_EQ(parse_json(R"({"a": {"a": 1}, "b": {"a": 2}})").find("b")->find("a")->number, 2.0);
  // Many keys (the check sorts them).
  std::string many = "{";
  for (int i = 0; i < 5000; ++i) many += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
  EXPECT_EQ(parse_json(many + "}").members.size(), 5000u);
  EXPECT_TRUE(throws_invalid([&] { parse_json(many + ",\"k4321\":0}"); }, "config", "'k4321'"));
}

TEST(Json, DepthLimit) {
  const std::size_t limit = posenc::config_max_depth;
  const std::string ok = std::string(limit, '[') + std::string(limit, ']');
  EXPECT_EQ(parse_json(ok).type, kind::array);
  const std::string deep = std::string(limit + 1, '[') + std::string(limit + 1, ']');
  EXPECT_TRUE(throws_invalid([&] { parse_json(deep); }, "config", "65"));
  std::string objects;
  for (std::size_t i = 0; i < limit + 1; ++i) objects += "{\"a\":";
  objects += "1" + std::string(limit + 1, '}');
  EXPECT_TRUE(refused_at(objects, 1, 5 * int(limit) + 1));
  // Far deeper than any stack could recurse: refused at the limit, not by a crash.
  EXPECT_TRUE(throws_invalid([] { parse_json(std::string(1000000, '[')); }, "config", "65"));
}

TEST(Json, ValueAndTextLimits) {
  // One array plus 2^20 items: one value too many.
  std::string items = "[0";
  items.reserve(2 * posenc::config_max_values + 2);
  for (std::size_t i = 1; i < posenc::config_max_values; ++i) items += ",0";
  EXPECT_TRUE(throws_invalid([&] { parse_json(items + "]"); }, "config", "1048576"));
  const std::string big(posenc::config_max_text + 1, ' ');
  EXPECT_TRUE(throws_invalid([&] { parse_json(big); }, "config", std::to_string(posenc::config_max_text + 1)));
}

}  // namespace
