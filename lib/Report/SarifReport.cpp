//===- Report/SarifReport.cpp - SARIF 2.1.0 for code scanning -------------===//
#include "cuda-coalesce/Report/SarifReport.h"
#include "cuda-coalesce/Report/TextReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA1.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace cudacoalesce {

namespace {

struct Rule {
  model::Pattern Pattern;
  const char *Id, *Name, *Short, *Help;
};

const Rule Rules[] = {
    {model::Pattern::Strided, "cuda-coalesce/strided", "StridedGlobalAccess",
     "Consecutive lanes of a warp access addresses far apart",
     "Lanes whose addresses are more than an element apart make the warp touch "
     "more "
     "32-byte sectors than the bytes it uses. Map threadIdx.x to the "
     "contiguous "
     "dimension, stage through shared memory, or split structs into arrays."},
    {model::Pattern::Misaligned, "cuda-coalesce/misaligned",
     "MisalignedGlobalAccess",
     "A warp's contiguous access starts off a sector boundary",
     "Dense accesses that do not start on a 32-byte boundary touch one more "
     "sector "
     "per request. Shift the mapping, pad the base, or pitch the rows."},
    {model::Pattern::Scattered, "cuda-coalesce/scattered",
     "ScatteredGlobalAccess", "Addresses depend on data loaded per lane",
     "Data-dependent indices can put every lane in a sector of its own. Sort "
     "or "
     "bucket the indices, or read through the read-only path."},
    {model::Pattern::Unknown, "cuda-coalesce/unknown", "UndecidedGlobalAccess",
     "The cost depends on values not known statically",
     "The sectors per request depend on kernel arguments or loaded values; the "
     "result gives the range and the condition under which the access "
     "coalesces."},
    {model::Pattern::Coalesced, "cuda-coalesce/coalesced",
     "CoalescedGlobalAccess", "The access is coalesced",
     "Reported with --show-all only."},
    {model::Pattern::Uniform, "cuda-coalesce/uniform", "UniformGlobalAccess",
     "Every lane of a warp row reads one address",
     "A broadcast: nothing to fix."},
};

size_t ruleIndex(model::Pattern P) {
  for (size_t I = 0; I < std::size(Rules); ++I)
    if (Rules[I].Pattern == P)
      return I;
  return 0;
}

std::string uriFor(const std::string &File, const std::string &Root) {
  llvm::SmallString<256> Abs(File);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  llvm::StringRef Path = Abs;
  llvm::StringRef Base = Root;
  if (!Base.empty() && Path.consume_front(Base) && Path.consume_front("/"))
    return Path.str();
  return "file://" + std::string(Abs);
}

void physicalLocation(llvm::json::OStream &J, const SourcePoint &P,
                      const std::string &Root) {
  J.attributeObject("physicalLocation", [&] {
    J.attributeObject("artifactLocation", [&] {
      std::string Uri = uriFor(P.File, Root);
      J.attribute("uri", Uri);
      if (Uri.rfind("file://", 0) != 0)
        J.attribute("uriBaseId", "%SRCROOT%");
    });
    J.attributeObject("region", [&] {
      J.attribute("startLine", int64_t(P.Line));
      J.attribute("startColumn", int64_t(P.Column));
    });
  });
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

} // namespace

void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::string &SourceRoot, bool ShowAll) {
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    J.attribute("version", "2.1.0");
    J.attributeArray("runs", [&] {
      J.object([&] {
        J.attributeObject("tool", [&] {
          J.attributeObject("driver", [&] {
            J.attribute("name", "cuda-coalesce");
            J.attribute("version", "0.1.0");
            J.attribute("informationUri",
                        "https://github.com/cuda-coalesce/cuda-coalesce");
            J.attributeArray("rules", [&] {
              for (const Rule &R : Rules)
                J.object([&] {
                  J.attribute("id", R.Id);
                  J.attribute("name", R.Name);
                  J.attributeObject("shortDescription",
                                    [&] { J.attribute("text", R.Short); });
                  J.attributeObject("fullDescription",
                                    [&] { J.attribute("text", R.Help); });
                  J.attributeObject("help",
                                    [&] { J.attribute("text", R.Help); });
                  J.attributeObject("defaultConfiguration", [&] {
                    bool Warn = R.Pattern != model::Pattern::Coalesced &&
                                R.Pattern != model::Pattern::Uniform;
                    J.attribute("level", Warn ? "warning" : "note");
                  });
                });
            });
          });
        });
        J.attributeObject("originalUriBaseIds", [&] {
          J.attributeObject("%SRCROOT%", [&] {
            J.attribute("uri", "file://" + SourceRoot + "/");
          });
        });
        J.attributeArray("results", [&] {
          for (const Finding &F : Findings) {
            bool Flagged = F.isFlagged();
            if (!Flagged && !ShowAll)
              continue;
            size_t Rule = ruleIndex(F.Prediction.Kind);
            J.object([&] {
              J.attribute("ruleId", Rules[Rule].Id);
              J.attribute("ruleIndex", int64_t(Rule));
              J.attribute("level", Flagged ? "warning" : "note");
              J.attributeObject(
                  "message", [&] { J.attribute("text", findingMessage(F)); });
              J.attributeArray("locations", [&] {
                J.object([&] { physicalLocation(J, F.Where, SourceRoot); });
              });
              J.attributeArray("relatedLocations", [&] {
                int64_t Id = 1;
                for (const std::string &Note : findingNotes(F))
                  J.object([&] {
                    J.attribute("id", Id++);
                    physicalLocation(J, F.Where, SourceRoot);
                    J.attributeObject("message",
                                      [&] { J.attribute("text", Note); });
                  });
                for (const SourcePoint &Call : F.CallChain)
                  J.object([&] {
                    J.attribute("id", Id++);
                    physicalLocation(J, Call, SourceRoot);
                    J.attributeObject("message", [&] {
                      J.attribute("text", "reached through this call");
                    });
                  });
              });
              J.attributeObject("partialFingerprints", [&] {
                J.attribute("cudaCoalesceAccess/v1", fingerprint(F));
              });
              J.attributeArray("fixes", [&] {
                for (const fixes::Fix &X : F.Fixes) {
                  if (X.Replacements.empty())
                    continue;
                  std::map<std::string, std::vector<const fixes::Replacement *>>
                      ByFile;
                  for (const fixes::Replacement &R : X.Replacements)
                    ByFile[R.File].push_back(&R);
                  J.object([&] {
                    J.attributeObject("description",
                                      [&] { J.attribute("text", X.Message); });
                    J.attributeArray("artifactChanges", [&] {
                      for (const auto &[File, Reps] : ByFile)
                        J.object([&] {
                          J.attributeObject("artifactLocation", [&] {
                            std::string Uri = uriFor(File, SourceRoot);
                            J.attribute("uri", Uri);
                            if (Uri.rfind("file://", 0) != 0)
                              J.attribute("uriBaseId", "%SRCROOT%");
                          });
                          J.attributeArray("replacements", [&] {
                            for (const fixes::Replacement *R : Reps)
                              J.object([&] {
                                J.attributeObject("deletedRegion", [&] {
                                  J.attribute("charOffset", int64_t(R->Offset));
                                  J.attribute("charLength", int64_t(R->Length));
                                });
                                J.attributeObject("insertedContent", [&] {
                                  J.attribute("text", R->Text);
                                });
                              });
                          });
                        });
                    });
                  });
                }
              });
              J.attributeObject("properties", [&] {
                J.attribute("kernel", F.Kernel);
                J.attribute("accessKind", accessKindName(F.Kind));
                J.attribute("pattern", model::patternName(F.Prediction.Kind));
                if (F.Prediction.Sectors)
                  J.attribute("sectorsPerRequest", *F.Prediction.Sectors);
                J.attribute("idealSectorsPerRequest",
                            F.Prediction.IdealSectors);
              });
            });
          }
        });
      });
    });
  });
  OS << "\n";
}

} // namespace cudacoalesce
