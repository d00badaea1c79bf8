//===- Verify/StatementSpans.h - The lines a statement spans ----*- C++ -*-===//
//
// nvcc files an expression written over several lines under one of them,
// not always the access's own: `out[i] = a[i] +\n  b[i];` may have b's
// load under the first line. The statement's span lets a measured line
// inside it meet an access of that statement (Verify/Join.h). Spans are
// found from the source text with Clang's raw lexer: a statement ends at
// `;`, at a brace that opens or closes a block, at the closing parenthesis
// of an if/for/while/switch head, and at the colon of a `case` or
// `default` label; preprocessor lines are left out.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_VERIFY_STATEMENTSPANS_H
#define CUDA_COALESCE_VERIFY_STATEMENTSPANS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudacoalesce::verify {

/// [first, last] line of each statement of a source text, in order.
std::vector<std::pair<unsigned, unsigned>>
statementSpans(llvm::StringRef Source);

/// The spans of the files a run reads, each file read once.
class StatementSpanCache {
public:
  /// The lines of the statements that touch \p Line of \p File (the line
  /// itself where the file cannot be read).
  std::pair<unsigned, unsigned> spanOf(const std::string &File, unsigned Line);

private:
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Files;
};

} // namespace cudacoalesce::verify

#endif
