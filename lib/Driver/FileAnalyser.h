//===- Driver/FileAnalyser.h - One pass over one file ----------*- C++ -*-===//
//
// Analyses one file under the options of one pass: its own translation
// unit, or, for a file the compile database does not list, those of the
// database's files that #include it (keeping only what is written in the
// file), or with a command inferred from a neighbour.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_DRIVER_FILEANALYSER_H
#define CUDA_COALESCE_DRIVER_FILEANALYSER_H

#include "cuda-coalesce/Driver/Runner.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace cudacoalesce {

/// The same access of the same kernel under the same launch, reached
/// through the same calls (a helper called twice is two instructions),
/// whichever translation unit reported it.
std::string findingKey(const FileOutcome &O, const Finding &F);

/// One pass over one file. Outcomes are written by index, so workers never
/// share one.
class FileAnalyser {
public:
  FileAnalyser(const RunOptions &Opts,
               const clang::tooling::CompilationDatabase &DB,
               const TranslationUnitConsumer &Consumer,
               SharedPreambles *Preambles);

  /// Analyses \p File: its own translation unit, or those of \p Through
  /// (files of the database that #include it), keeping only what is
  /// written in \p File: the first that reports something is named.
  FileOutcome analyse(const std::string &File, const AnalysisOptions &Analysis,
                      const std::vector<std::string> &Through = {}) const;

  /// The shared preambles, where they are built after the analyser.
  void setPreambles(SharedPreambles *Built) { Preambles = Built; }

  /// A database that infers a command for a file it does not list.
  void setInferring(const clang::tooling::CompilationDatabase *DB) {
    Inferring = DB;
  }

private:
  /// \p File's analysis through the translation unit of \p Through, or its
  /// own where that is empty.
  FileOutcome analyseThrough(const std::string &File,
                             const AnalysisOptions &Analysis,
                             const std::string &Through) const;

  const RunOptions &Opts;
  const clang::tooling::CompilationDatabase &DB;
  const clang::tooling::CompilationDatabase *Inferring = nullptr;
  const TranslationUnitConsumer &Consumer;
  SharedPreambles *Preambles; // null: none
  std::vector<std::string> InputRealPaths;
};

} // namespace cudacoalesce

#endif
