//===- Report/TextReport.h - Clang-style diagnostics -----------*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_TEXTREPORT_H
#define CUDA_COALESCE_REPORT_TEXTREPORT_H

#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
}
namespace llvm {
class raw_ostream;
}

namespace cudacoalesce {

/// The headline of a finding: "strided global load from 'a': 32
/// sectors/request where 4 would do (12.5% efficiency)".
std::string findingMessage(const Finding &F);
/// The notes under it: index, lane mapping, assumptions.
std::vector<std::string> findingNotes(const Finding &F);

/// Prints a warning with caret and notes for each flagged finding, a remark
/// for the others when \p ShowAll, and one remark per kernel that has no
/// global-memory access.
void printDiagnostics(llvm::raw_ostream &OS, clang::ASTContext &AST,
                      const TranslationUnitResult &Result, bool ShowAll,
                      bool Color);

} // namespace cudacoalesce

#endif
