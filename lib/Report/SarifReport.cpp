//===- Report/SarifReport.cpp - SARIF 2.1.0 for code scanning -------------===//
#include "cuda-coalesce/Report/SarifReport.h"
#include "cuda-coalesce/Policy/CheckNames.h"
#include "cuda-coalesce/Report/FindingGroups.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <iterator>
#include <map>
#include <optional>

namespace cudacoalesce {

namespace {

struct Rule {
  model::Pattern Pattern;
  const char *Name, *Short, *Help;
};

/// One rule per pattern, in the order of the log's rules array.
constexpr Rule Rules[] = {
    {model::Pattern::Strided, "StridedGlobalAccess",
     "Consecutive lanes of a warp access addresses far apart",
     "Lanes whose addresses are more than an element apart make the warp touch "
     "more 32-byte sectors than the bytes it uses. Map threadIdx.x to the "
     "contiguous dimension, stage through shared memory, or split structs into "
     "arrays."},
    {model::Pattern::Misaligned, "MisalignedGlobalAccess",
     "A warp's contiguous access starts off a sector boundary",
     "Dense accesses that do not start on a 32-byte boundary touch one more "
     "sector per request. Shift the mapping, pad the base, or pitch the rows."},
    {model::Pattern::Scattered, "ScatteredGlobalAccess",
     "Addresses depend on data loaded per lane",
     "Data-dependent indices can put every lane in a sector of its own. Sort "
     "or "
     "bucket the indices, or read through the read-only path."},
    {model::Pattern::Unknown, "UndecidedGlobalAccess",
     "The cost depends on values not known statically",
     "The sectors (or, in shared memory, wavefronts) per request depend on "
     "kernel arguments or loaded values; the result gives the range and the "
     "condition under which the access is ideal."},
    {model::Pattern::Coalesced, "CoalescedGlobalAccess",
     "The access is coalesced", "Reported with --show-all only."},
    {model::Pattern::Uniform, "UniformGlobalAccess",
     "Every lane of a warp row reads one address",
     "A broadcast: nothing to fix."},
    {model::Pattern::BankConflict, "SharedMemoryBankConflict",
     "Lanes of a warp ask one shared-memory bank for several words",
     "Shared memory serves 32 banks of 4 bytes at once; lanes that need "
     "different words of one bank are served one after the other, a wavefront "
     "each. Pad the rows of the tile (tile[32][33]), swizzle the columns "
     "(tile[r][c ^ r]), or let threadIdx.x walk along a row."},
    {model::Pattern::ConflictFree, "ConflictFreeSharedAccess",
     "The shared-memory access has no bank conflict",
     "Reported with --show-all only."},
    {model::Pattern::Broadcast, "BroadcastSharedAccess",
     "Every lane of a warp row reads one shared-memory word",
     "A broadcast: nothing to fix."},
};

/// Every pattern has one rule: a new pattern without one fails the build,
/// and never falls back to another's.
constexpr bool everyPatternHasOneRule() {
  for (model::Pattern P : {
#define PATTERN(Name, Spelling) model::Pattern::Name,
#include "cuda-coalesce/Model/Patterns.def"
       }) {
    int N = 0;
    for (const Rule &R : Rules)
      N += R.Pattern == P;
    if (N != 1)
      return false;
  }
  return true;
}
static_assert(everyPatternHasOneRule(), "one SARIF rule per pattern");

size_t ruleIndex(model::Pattern P) {
  for (size_t I = 0; I < std::size(Rules); ++I)
    if (Rules[I].Pattern == P)
      return I;
  llvm_unreachable("a pattern without a SARIF rule");
}

std::string ruleId(model::Pattern P) {
  return (ToolCheckName + "/" + model::patternName(P)).str();
}

std::string uriFor(const std::string &File, const RunInfo &Info) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::string Rel = Info.relative(Abs);
  if (Rel != std::string(Abs) || llvm::sys::path::is_relative(Abs))
    return Rel;
  return "file://" + std::string(Abs);
}

void artifact(llvm::json::OStream &J, const std::string &File,
              const RunInfo &Info) {
  J.attributeObject("artifactLocation", [&] {
    std::string Uri = uriFor(File, Info);
    J.attribute("uri", Uri);
    if (Uri.rfind("file://", 0) != 0)
      J.attribute("uriBaseId", "%SRCROOT%");
  });
}

void physicalLocation(llvm::json::OStream &J, const SourcePoint &P,
                      const RunInfo &Info, const SourcePoint *End = nullptr) {
  J.attributeObject("physicalLocation", [&] {
    artifact(J, P.File, Info);
    J.attributeObject("region", [&] {
      J.attribute("startLine", int64_t(P.Line));
      J.attribute("startColumn", int64_t(P.Column));
      if (End && End->Line >= P.Line) {
        J.attribute("endLine", int64_t(End->Line));
        // SARIF's end column is one past the last character.
        J.attribute("endColumn", int64_t(End->Column + 1));
      }
    });
  });
}

/// The launch a note names ("... from the launch at src/main.cu:16:3").
std::optional<SourcePoint> launchIn(llvm::StringRef Note) {
  size_t At = Note.find("the launch at ");
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Rest = Note.substr(At + strlen("the launch at "));
  Rest = Rest.take_until([](char C) { return C == ' ' || C == ';'; });
  Rest = Rest.rtrim(".,)");
  auto [PathLine, Column] = Rest.rsplit(':');
  auto [Path, Line] = PathLine.rsplit(':');
  SourcePoint P;
  if (Path.empty() || Line.getAsInteger(10, P.Line) ||
      Column.getAsInteger(10, P.Column))
    return std::nullopt;
  P.File = Path.str();
  return P;
}

/// Stable across unrelated edits above the line: what is accessed, how,
/// and in which kernel, not where.
std::string fingerprint(const Finding &F) {
  llvm::SHA1 Hash;
  Hash.update(llvm::sys::path::filename(F.Where.File));
  Hash.update("|" + F.Kernel + "|" + F.Function + "|" + accessKindName(F.Kind) +
              "|" + F.Expression + "|" + F.Index);
  auto Digest = Hash.final();
  return llvm::toHex(Digest, /*LowerCase=*/true);
}

void writeRules(llvm::json::OStream &J) {
  J.attributeArray("rules", [&] {
    for (const Rule &R : Rules)
      J.object([&] {
        std::string Pattern = model::patternName(R.Pattern);
        J.attribute("id", ruleId(R.Pattern));
        J.attribute("name", R.Name);
        J.attributeObject("shortDescription",
                          [&] { J.attribute("text", R.Short); });
        J.attributeObject("fullDescription",
                          [&] { J.attribute("text", R.Help); });
        J.attribute("helpUri", checkDocsUrl(Pattern));
        J.attributeObject("help", [&] {
          J.attribute("text", R.Help);
          J.attribute("markdown", std::string(R.Help) + "\n\n[`" +
                                      TidyCheckName.str() + "`: " + Pattern +
                                      "](" + checkDocsUrl(Pattern) + ")");
        });
        J.attributeObject("defaultConfiguration", [&] {
          bool Warn = R.Pattern != model::Pattern::Coalesced &&
                      R.Pattern != model::Pattern::Uniform &&
                      R.Pattern != model::Pattern::ConflictFree &&
                      R.Pattern != model::Pattern::Broadcast;
          J.attribute("level", Warn ? "warning" : "note");
        });
        J.attributeObject("properties", [&] {
          J.attributeArray("tags", [&] {
            J.value("performance");
            J.value("cuda");
          });
        });
      });
  });
}

/// Files that could not be analysed: the run did not do all its job.
void writeInvocations(llvm::json::OStream &J, const RunInfo &Info) {
  J.attributeArray("invocations", [&] {
    J.object([&] {
      J.attribute("executionSuccessful", Info.Errors.empty());
      J.attributeArray("toolExecutionNotifications", [&] {
        for (const FileError &E : Info.Errors)
          J.object([&] {
            J.attribute("level", "error");
            J.attributeObject("message", [&] {
              J.attribute("text", Info.relative(E.File) + ": " +
                                      Info.relativeText(E.Message));
            });
            J.attributeArray("locations", [&] {
              J.object([&] {
                J.attributeObject("physicalLocation",
                                  [&] { artifact(J, E.File, Info); });
              });
            });
          });
      });
    });
  });
}

/// A related location with a message, numbered from \p Id on.
void relatedLocation(llvm::json::OStream &J, int64_t &Id, const SourcePoint &P,
                     const RunInfo &Info, const std::string &Message) {
  J.object([&] {
    J.attribute("id", Id++);
    physicalLocation(J, P, Info);
    J.attributeObject("message", [&] { J.attribute("text", Message); });
  });
}

/// The notes at the access, the launches they name, the calls it is
/// reached through.
void writeRelatedLocations(llvm::json::OStream &J, const FindingGroup &G,
                           const RunInfo &Info) {
  const Finding &F = *G.Worst;
  J.attributeArray("relatedLocations", [&] {
    int64_t Id = 1;
    std::vector<SourcePoint> Launches;
    std::vector<std::string> Notes = findingNotes(F);
    if (!G.Others.empty()) {
      Notes.push_back(instanceSummaryNote(G));
      Notes.push_back(otherInstancesNote(G));
    }
    for (const std::string &Note : Notes) {
      if (std::optional<SourcePoint> L = launchIn(Note))
        Launches.push_back(*L);
      relatedLocation(J, Id, F.Where, Info, Info.relativeText(Note));
    }
    for (const SourcePoint &L : Launches)
      relatedLocation(J, Id, L, Info, "the launch that gives the block shape");
    for (const SourcePoint &Call : F.CallChain)
      relatedLocation(J, Id, Call, Info, "reached through this call");
  });
}

/// The fixes that are mechanical edits, file by file.
void writeFixes(llvm::json::OStream &J, const Finding &F, const RunInfo &Info) {
  J.attributeArray("fixes", [&] {
    for (const fixes::Fix &X : F.Fixes) {
      if (X.Replacements.empty())
        continue;
      std::map<std::string, std::vector<const fixes::Replacement *>> ByFile;
      for (const fixes::Replacement &R : X.Replacements)
        ByFile[R.File].push_back(&R);
      J.object([&] {
        J.attributeObject("description", [&] {
          J.attribute("text", Info.relativeText(X.Message));
        });
        J.attributeArray("artifactChanges", [&] {
          for (const auto &[File, Reps] : ByFile)
            J.object([&] {
              artifact(J, File, Info);
              J.attributeArray("replacements", [&] {
                for (const fixes::Replacement *R : Reps)
                  J.object([&] {
                    J.attributeObject("deletedRegion", [&] {
                      J.attribute("charOffset", int64_t(R->Offset));
                      J.attribute("charLength", int64_t(R->Length));
                    });
                    J.attributeObject("insertedContent",
                                      [&] { J.attribute("text", R->Text); });
                  });
              });
            });
        });
      });
    }
  });
}

/// One result per access as written, under its worst kernel instance or
/// launch; a note names the others.
void writeResult(llvm::json::OStream &J, const FindingGroup &G,
                 const RunInfo &Info) {
  const Finding &F = *G.Worst;
  J.object([&] {
    J.attribute("ruleId", ruleId(F.Prediction.Kind));
    J.attribute("ruleIndex", int64_t(ruleIndex(F.Prediction.Kind)));
    J.attribute("level", F.isFlagged() ? "warning" : "note");
    J.attributeObject("message", [&] {
      J.attribute("text", Info.relativeText(findingMessage(F)));
    });
    J.attributeArray("locations", [&] {
      J.object([&] {
        physicalLocation(J, F.Where, Info,
                         F.End.Line && F.End.File == F.Where.File ? &F.End
                                                                  : nullptr);
      });
    });
    writeRelatedLocations(J, G, Info);
    J.attributeObject("partialFingerprints", [&] {
      J.attribute("cudaCoalesceAccess/v1", fingerprint(F));
    });
    writeFixes(J, F, Info);
    // The counts under the names they have always had, whatever the unit.
    J.attributeObject("properties", [&] {
      J.attribute("kernel", F.Kernel);
      J.attribute("instances", int64_t(G.Others.size() + 1));
      J.attribute("accessKind", accessKindName(F.Kind));
      J.attribute("pattern", model::patternName(F.Prediction.Kind));
      if (F.Prediction.Units)
        J.attribute("sectorsPerRequest", *F.Prediction.Units);
      J.attribute("idealSectorsPerRequest", F.Prediction.IdealUnits);
    });
  });
}

} // namespace

void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::string &SourceRoot, bool ShowAll) {
  RunInfo Info;
  Info.SourceRoot = SourceRoot;
  writeSarif(OS, Findings, Info, ShowAll);
}

void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const RunInfo &Info, bool ShowAll) {
  std::vector<const Finding *> Shown;
  for (const Finding &F : Findings)
    if (ShowAll || F.isFlagged())
      Shown.push_back(&F);
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attribute("version", "2.1.0");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attributeObject("tool", [&] {
          J.attributeObject("driver", [&] {
            J.attribute("name", ToolCheckName);
            J.attribute("version", CUDA_COALESCE_VERSION);
            J.attribute("informationUri", ProjectUrl);
            writeRules(J);
          });
        });
        writeInvocations(J, Info);
        // Where relative paths start; its place on the machine that ran the
        // tool is not written (code scanning takes the repository's root).
        J.attributeObject("originalUriBaseIds", [&] {
          J.attributeObject("%SRCROOT%", [&] {
            J.attributeObject("description", [&] {
              J.attribute("text", "The directory cuda-coalesce ran in.");
            });
          });
        });
        J.attributeArray("results", [&] {
          for (const FindingGroup &G : groupBySourceAccess(Shown))
            writeResult(J, G, Info);
        });
        // The counts every report gives: a warning result per finding.
        FindingCount Count;
        Count.add(Findings);
        J.attributeObject("properties", [&] {
          J.attribute("findings", int64_t(Count.Findings));
          J.attribute("flaggedInstances", int64_t(Count.Instances));
        });
      });
    });
  });
  OS << "\n";
}

} // namespace cudacoalesce
