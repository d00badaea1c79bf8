// The constants the walk keeps (Frontend/FoldedConstants.h) are what
// Clang's evaluator gives, asked once or many times, for every integer
// expression of a kernel: literals, constexpr variables, template
// arguments, constexpr calls, and values that are no constant.
#include "FoldedConstants.h"
#include "ConstantCalls.h"
#include "ExprSemantics.h"
#include "ParseCuda.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <gtest/gtest.h>

using namespace cudacoalesce;

namespace {

struct IntegerExprs : clang::RecursiveASTVisitor<IntegerExprs> {
  std::vector<const clang::Expr *> Found;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitExpr(clang::Expr *E) {
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType())
      Found.push_back(E);
    return true;
  }
};

} // namespace

TEST(FoldedConstantsTest, KeptValuesAreTheEvaluators) {
  auto Unit = test::parseCuda(R"cu(
    constexpr int Width = 96;
    struct Config { int tile; };
    constexpr Config config(int j) { return {j > 8 ? 64 : 32}; }
    constexpr int tiles(int n) { return (n + 127) / 128; }
    template <int K>
    __global__ void kernel(float *p, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n && config(K).tile == 64)
        p[i * Width + K + tiles(4096) + sizeof(float)] = 1.0f;
      p[n * 2] = 0.0f;
    }
    template __global__ void kernel<16>(float *, int);
  )cu");
  ASSERT_TRUE(Unit);
  clang::ASTContext &AST = Unit->getASTContext();
  IntegerExprs Exprs;
  Exprs.TraverseDecl(AST.getTranslationUnitDecl());
  FoldedConstants Folded(AST);
  size_t Constants = 0, Calls = 0, Others = 0;
  for (int Pass = 0; Pass < 2; ++Pass)
    for (const clang::Expr *E : Exprs.Found) {
      clang::Expr::EvalResult R;
      std::optional<int64_t> Expected;
      if (E->EvaluateAsInt(R, AST))
        Expected = asInt64(R.Val.getInt());
      EXPECT_EQ(Folded.integer(E), Expected);
      EXPECT_EQ(Folded.constexprCall(E), foldedConstexprCall(E, AST));
      if (Pass == 0) {
        (Expected ? Constants : Others) += 1;
        Calls += foldedConstexprCall(E, AST).has_value();
      }
    }
  // The snippet has each kind: constants, constexpr calls, and values no
  // constant (the thread index, n).
  EXPECT_GT(Constants, 5u);
  EXPECT_GE(Calls, 2u);
  EXPECT_GT(Others, 3u);
}
