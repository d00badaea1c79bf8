//===- Report/TextReport.h - Clang-style diagnostics -----------*- C++ -*-===//
#ifndef CUDA_COALESCE_REPORT_TEXTREPORT_H
#define CUDA_COALESCE_REPORT_TEXTREPORT_H

#include "cuda-coalesce/Frontend/KernelAnalysis.h"

#include "llvm/ADT/ArrayRef.h"

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

/// Prints a finding as a Clang diagnostic with caret and notes: a warning
/// when it is flagged, a remark otherwise; \p MoreNotes after its own.
void printFinding(llvm::raw_ostream &OS, clang::ASTContext &AST,
                  const LocatedFinding &Finding, bool Color,
                  llvm::ArrayRef<std::string> MoreNotes = {});

/// One remark for a kernel that has no global-memory access.
void printQuietKernel(llvm::raw_ostream &OS, const QuietKernel &Kernel);

/// One remark for a kernel's texture and surface reads, which are skipped.
void printTextureReads(llvm::raw_ostream &OS, const TextureReads &Reads);

} // namespace cudacoalesce

#endif
