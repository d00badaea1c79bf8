//===- Frontend/DeclarationOrder.h - Declarations in order made -*- C++ -*-===//
//
// The address builder merges the variables of two paths at every branch and
// orders them by declaration, so that the opaque values it makes are
// numbered the same at every run. Decl::getID() gives that order but
// searches the AST allocator's slabs at each call: in ggml's
// flash-attention instances (hundreds of variables merged at thousands of
// branches) it was 41% of the analysis. Each declaration's is taken once.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_DECLARATIONORDER_H
#define CUDA_COALESCE_LIB_FRONTEND_DECLARATIONORDER_H

#include "clang/AST/DeclBase.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace cudacoalesce {

class DeclarationOrder {
public:
  /// \p D's place among the declarations of its AST: its Decl::getID().
  int64_t of(const clang::Decl *D) {
    auto [It, New] = Ids.try_emplace(D, 0);
    if (New)
      It->second = D->getID();
    return It->second;
  }

private:
  llvm::DenseMap<const clang::Decl *, int64_t> Ids;
};

} // namespace cudacoalesce

#endif
