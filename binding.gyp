{
  "targets": [
    {
      "target_name": "leanaudit_native",
      "sources": ["src/native/addon.c", "src/native/lexer.c", "src/native/names.c", "src/native/source.c", "src/native/read-ahead.c", "src/native/splitter.c", "src/native/declaration.c", "src/native/gaps.c", "src/native/resolver.c", "src/native/tree.c"],
      "cflags": ["-O3", "-Wall", "-Wextra"]
    }
  ]
}
