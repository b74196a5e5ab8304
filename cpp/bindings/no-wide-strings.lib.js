// Embind registers std::wstring, std::u16string and std::u32string for every module; no function of
// ours takes or returns one. Registering them as nothing (as Embind itself does for 64-bit integers
// without WASM_BIGINT) leaves their UTF-16/UTF-32 converters out of the glue; a binding that used
// one of these types would throw Embind's UnboundTypeError when called, not convert silently.
mergeInto(LibraryManager.library, {
  _embind_register_std_wstring__deps: [],
  _embind_register_std_wstring: function (rawType, charSize, name) {},
});
