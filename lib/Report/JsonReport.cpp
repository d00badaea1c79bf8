//===- Report/JsonReport.cpp - Machine-readable findings ------------------===//
#include "cuda-coalesce/Report/JsonReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

namespace cudacoalesce {

namespace {

double rounded(double V) { return std::round(V * 1e4) / 1e4; }

void writePoint(llvm::json::OStream &J, const SourcePoint &P) {
  J.attribute("file", P.File);
  J.attribute("line", int64_t(P.Line));
  J.attribute("column", int64_t(P.Column));
}

} // namespace

void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings) {
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attributeArray("accesses", [&] {
      for (const Finding &F : Findings) {
        const model::Prediction &P = F.Prediction;
        J.object([&] {
          writePoint(J, F.Where);
          J.attribute("kernel", F.Kernel);
          J.attribute("function", F.Function);
          J.attribute("kind", accessKindName(F.Kind));
          J.attribute("expression", F.Expression);
          J.attribute("index", F.Index);
          J.attribute("byte_offset", F.ByteOffset);
          J.attribute("base", F.BaseName);
          J.attribute("element_bytes", int64_t(F.ElementBytes));
          J.attributeArray("block", [&] {
            J.value(F.Block.X);
            J.value(F.Block.Y);
            J.value(F.Block.Z);
          });
          J.attribute("pattern", model::patternName(P.Kind));
          if (P.Sectors)
            J.attribute("sectors_per_request", rounded(*P.Sectors));
          else
            J.attribute("sectors_per_request", nullptr);
          J.attribute("sectors_min", rounded(P.SectorsMin));
          J.attribute("sectors_max", rounded(P.SectorsMax));
          J.attribute("ideal_sectors_per_request", rounded(P.IdealSectors));
          J.attribute("segments_per_request", rounded(P.Segments));
          J.attribute("efficiency", rounded(P.efficiency()));
          if (P.LaneStrideBytes)
            J.attribute("lane_stride_bytes", *P.LaneStrideBytes);
          if (!P.Condition.empty())
            J.attribute("condition", P.Condition);
          if (!P.UnknownReason.empty())
            J.attribute("unknown_reason", P.UnknownReason);
          J.attribute("flagged", F.isFlagged());
          J.attributeArray("assumptions", [&] {
            for (const std::string &A : F.Assumptions)
              J.value(A);
          });
          J.attributeArray("call_chain", [&] {
            for (const SourcePoint &C : F.CallChain)
              J.object([&] { writePoint(J, C); });
          });
        });
      }
    });
  });
  OS << "\n";
}

} // namespace cudacoalesce
