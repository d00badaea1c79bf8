//===- VerifyPageTest.cpp - Nsight Compute's pages, read and attributed ---===//
#include "cuda-coalesce/Verify/Attribution.h"
#include "cuda-coalesce/Verify/LineTable.h"
#include "cuda-coalesce/Verify/SassOpcodes.h"
#include "cuda-coalesce/Verify/SourcePage.h"

#include <gtest/gtest.h>

using namespace cudacoalesce::verify;

namespace {

TEST(VerifyCsvTest, QuotedFieldsAndNumbers) {
  EXPECT_EQ(splitCsvRecord(R"("a","b, c","say ""hi""",,"")"),
            (std::vector<std::string>{"a", "b, c", "say \"hi\"", "", ""}));
  EXPECT_EQ(readCsv("\"x\",\"1\"\r\n\"y\",\"2\"\n").size(), 2u);
  EXPECT_EQ(cellNumber("1,048,576"), 1048576);
  EXPECT_EQ(cellNumber("32(2)"), 32); // a value and its count of values
  EXPECT_EQ(cellNumber(" 3.5 "), 3.5);
  EXPECT_EQ(cellNumber("-"), 0);
  EXPECT_EQ(cellNumber("n/a"), 0);
  EXPECT_EQ(cellNumber(""), 0);
}

// Two launches of one kernel (the second repeats the kernel's file), a
// header block whose columns come in another order, and every SASS row
// twice, as ncu prints them.
const char *Page =
    R"csv("File Path","/usr/local/cuda/include/sm_32_intrinsics.hpp"
"Function Name","void k<(int)4>(float *, const float *)"
"Line No","Source","Address","Source","L2 Theoretical Sectors Global","Instructions Executed","Address Space"
"90","return __ldg(p);","-","-","64","16","Global"
"","","0x7f0000000040","LDG.E.CONSTANT R3, desc[UR4][R2.64]","64","16","Global"
"","","0x7f0000000040","LDG.E.CONSTANT R3, desc[UR4][R2.64]","64","16","Global"
"File Path","/src/k.cu"
"Function Name","void k<(int)4>(float *, const float *)"
"Line No","Source","Address","Source","Instructions Executed","L2 Theoretical Sectors Global","L2 Theoretical Sectors Global Ideal","Address Space"
"3","__global__ void k(float* o, const float* a) {","-","-","16","0","0","-"
"","","0x7f0000000000","LDC R1, c[0x0][0x28]","16","0","0","-"
"","","...","","","","",""
"","","0x7f0000000000","LDC R1, c[0x0][0x28]","16","0","0","-"
"5","o[t] = a[t];","-","-","16","64","64","Global"
"","","0x7f0000000080","@!P0 STG.E desc[UR4][R4.64], R3","16","64","64","Global"
"","","0x7f0000000080","@!P0 STG.E desc[UR4][R4.64], R3","16","64","64","Global"
"File Path","/src/k.cu"
"Function Name","void k<(int)4>(float *, const float *)"
"Line No","Source","Address","Source","Instructions Executed","L2 Theoretical Sectors Global"
"5","o[t] = a[t];","-","-","8","256"
"","","0x7f0000000080","STG.E desc[UR4][R4.64], R3","8","256"
)csv";

TEST(VerifySourcePageTest, BlocksLaunchesAndRepeatedRows) {
  SourcePage P;
  std::string Error;
  ASSERT_TRUE(parseSourcePage(Page, P, Error)) << Error;
  ASSERT_EQ(P.Launches.size(), 2u);
  EXPECT_EQ(P.Launches[0].Signature, "void k<(int)4>(float *, const float *)");
  ASSERT_EQ(P.Launches[0].Blocks.size(), 2u);
  EXPECT_EQ(P.RepeatedRows, 3u);
  EXPECT_EQ(P.DifferingRows, 0u);
  const PageBlock &Header = P.Launches[0].Blocks[0];
  ASSERT_EQ(Header.Lines.size(), 1u);
  ASSERT_EQ(Header.Lines[0].Instructions.size(), 1u);
  // Each block through its own header: sectors before executions here.
  EXPECT_EQ(Header.Lines[0].Instructions[0].Sectors, 64);
  EXPECT_EQ(Header.Lines[0].Instructions[0].Executed, 16);
  const PageBlock &Kernel = P.Launches[0].Blocks[1];
  ASSERT_EQ(Kernel.Lines.size(), 2u);
  EXPECT_EQ(Kernel.Lines[1].Line, 5u);
  EXPECT_EQ(Kernel.Lines[1].Instructions[0].Sass,
            "@!P0 STG.E desc[UR4][R4.64], R3");
  // The second launch: a block without the address-space column.
  const PageInstruction &Again =
      P.Launches[1].Blocks[0].Lines[0].Instructions[0];
  EXPECT_EQ(Again.Sectors, 256);
  EXPECT_EQ(Again.AddressSpace, "-");
}

TEST(VerifySourcePageTest, RepeatedRowsThatDiffer) {
  std::string Changed = Page;
  // The second listing of the store of the first launch, with other sectors.
  size_t First = Changed.find("\"0x7f0000000080\"");
  size_t Second = Changed.find("\"0x7f0000000080\"", First + 1);
  size_t Sectors = Changed.find("\"64\"", Second);
  Changed.replace(Sectors, 4, "\"65\"");
  SourcePage P;
  std::string Error;
  ASSERT_TRUE(parseSourcePage(Changed, P, Error));
  EXPECT_EQ(P.RepeatedRows, 3u);
  EXPECT_EQ(P.DifferingRows, 1u);
  // The first listing is kept.
  EXPECT_EQ(P.Launches[0].Blocks[1].Lines[1].Instructions[0].Executed, 16);
}

TEST(VerifySourcePageTest, NcuMessagesBetweenRows) {
  std::string WithMessage = Page;
  // A message inside the second launch's line, before its SASS row.
  size_t At = WithMessage.find("\"\",\"\",\"0x7f0000000080\",\"STG.E desc");
  WithMessage.insert(At, "==WARNING== No lineinfo available for kernel x, "
                         "function y\n");
  SourcePage P;
  std::string Error;
  ASSERT_TRUE(parseSourcePage(WithMessage, P, Error));
  ASSERT_EQ(P.Launches.size(), 2u);
  EXPECT_EQ(P.Launches[1].Blocks[0].Lines[0].Instructions.size(), 1u);
}

TEST(VerifySourcePageTest, NotAPage) {
  SourcePage P;
  std::string Error;
  EXPECT_FALSE(parseSourcePage("\"ID\",\"Kernel Name\"\n", P, Error));
  EXPECT_NE(Error.find("not a source page"), std::string::npos);
  EXPECT_EQ(pageKindOf("==WARNING== x\n\"File Path\",\"/a.cu\"\n"),
            PageKind::Source);
  EXPECT_EQ(pageKindOf("\"ID\",\"Process ID\",\"Kernel Name\"\n"),
            PageKind::Raw);
  EXPECT_EQ(pageKindOf("hello\n"), PageKind::Other);
}

TEST(VerifySourcePageTest, RawPageShapes) {
  std::vector<RawLaunch> L;
  std::string Error;
  ASSERT_TRUE(
      parseRawPage("\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\"\n"
                   "\"\",\"\",\"\",\"\"\n"
                   "\"0\",\"k(float *)\",\"(256, 1, 1)\",\"(4,096, 2, 1)\"\n",
                   L, Error));
  ASSERT_EQ(L.size(), 1u);
  EXPECT_EQ(L[0].Block, (Dim3{256, 1, 1}));
  EXPECT_EQ(L[0].Grid, (Dim3{4096, 2, 1}));
  EXPECT_EQ(parseDim3("64"), (Dim3{64, 1, 1}));
  EXPECT_FALSE(parseDim3("(0, 1, 1)"));
  EXPECT_FALSE(parseDim3("a"));
}

TEST(VerifySassOpcodesTest, MemoryOfEachInstruction) {
  EXPECT_EQ(opcodeOf("@!P0 LDG.E.128 R4, desc[UR4][R2.64]"), "LDG.E.128");
  EXPECT_EQ(opcodeOf("  STS [R1], R2 ;"), "STS");
  using O = Operation;
  using M = Memory;
  struct Case {
    const char *Sass, *Space;
    double Sectors;
    std::optional<MemoryAccess> Want;
  } Cases[] = {
      {"LDG.E R2, [R4.64]", "Global", 4, MemoryAccess{O::Load, M::Global}},
      {"@P1 STG.E [R4.64], R2", "Global", 0, MemoryAccess{O::Store, M::Global}},
      {"REDG.E.ADD.F32 [R2.64], R5", "-", 0,
       MemoryAccess{O::Atomic, M::Global}},
      {"LDGSTS.E [R3], [R4.64]", "Global", 4, MemoryAccess{O::Load, M::Global}},
      {"LDS.128 R4, [R2]", "Shared", 0, MemoryAccess{O::Load, M::Shared}},
      {"ATOMS.POPC.INC.32 RZ, [R2]", "Shared", 0,
       MemoryAccess{O::Atomic, M::Shared}},
      // Generic: by what ncu saw it reach.
      {"LD.E R2, [R4.64]", "Generic", 4, MemoryAccess{O::Load, M::Global}},
      {"LD.E R2, [R4.64]", "-", 0, MemoryAccess{O::Load, M::Global}},
      {"ST.E [R4.64], R2", "Shared", 0, MemoryAccess{O::Store, M::Shared}},
      {"LD.E R2, [R4.64]", "Local", 0, std::nullopt},
      {"LDC R1, c[0x0][0x28]", "-", 0, std::nullopt},
      {"LDL R1, [R1]", "Local", 0, std::nullopt},
  };
  for (const Case &C : Cases) {
    PageInstruction I;
    I.Sass = C.Sass;
    I.AddressSpace = C.Space;
    I.Sectors = C.Sectors;
    std::optional<MemoryAccess> Got = memoryAccessOf(I);
    ASSERT_EQ(Got.has_value(), C.Want.has_value()) << C.Sass;
    if (Got) {
      EXPECT_EQ(Got->Op, C.Want->Op) << C.Sass;
      EXPECT_EQ(Got->Space, C.Want->Space) << C.Sass;
    }
  }
}

// nvcc's line table of a kernel: the bf16 store inlined from a header at
// line 6 of the kernel's file.
const char *Table = R"(	.section	.text._Z1kPf,"ax",@progbits
	.other	_Z1kPf,@"STO_CUDA_ENTRY STV_DEFAULT"
	//## File "/src/k.cu", line 5
        /*0000*/                   LDG.E R2, [R4.64] ;
	//## File "/usr/local/cuda/include/cuda_bf16.hpp", line 113 inlined at "/src/k.cu", line 6
	//## File "/src/k.cu", line 6
        /*0010*/                   STG.E.U16 [R6.64], R3 ;
        /*0020*/                   NOP ;
	//## File "/src/k.cu", line 8
        /*0030*/                   STG.E [R10.64], R9 ;
)";

TEST(VerifyLineTableTest, ChainsAndTheMatchingFunction) {
  LineTable T;
  T.read(Table);
  // ncu loaded the function at 0x1000.
  std::map<uint64_t, std::string> Measured = {
      {0x1000, "LDG.E R2, desc[UR4][R4.64]"},
      {0x1010, "STG.E.U16 desc[UR4][R6.64], R3"}};
  auto Fit = T.matchFunction(Measured, "k");
  ASSERT_TRUE(Fit);
  EXPECT_EQ(Fit->first, "_Z1kPf");
  EXPECT_EQ(Fit->second, 0x1000u);
  const std::vector<Frame> *Chain = T.chainAt("_Z1kPf", 0x10);
  ASSERT_TRUE(Chain);
  ASSERT_EQ(Chain->size(), 2u); // innermost first
  EXPECT_EQ((*Chain)[0], Frame("/usr/local/cuda/include/cuda_bf16.hpp", 113));
  EXPECT_EQ((*Chain)[1], Frame("/src/k.cu", 6));
  // The NOP keeps the frames of the instruction before it.
  EXPECT_EQ(T.chainAt("_Z1kPf", 0x20)->back(), Frame("/src/k.cu", 6));
  // Another compilation: a load where ncu saw a store.
  Measured[0x1030] = "LDG.E R9, desc[UR4][R10.64]";
  EXPECT_FALSE(T.matchFunction(Measured, "k"));
}

// The kernel of `Table`, profiled: the bf16 store is listed only under
// the header, the plain store under line 8.
const char *Profiled = R"csv("File Path","/usr/local/cuda/include/cuda_bf16.hpp"
"Function Name","k(float *)"
"Line No","Source","Address","Source","Instructions Executed","L2 Theoretical Sectors Global","Address Space"
"113","__x = f;","-","-","10","40","Global"
"","","0x1010","STG.E.U16 desc[UR4][R6.64], R3","10","40","Global"
"File Path","/src/k.cu"
"Function Name","k(float *)"
"Line No","Source","Address","Source","Instructions Executed","L2 Theoretical Sectors Global","Address Space"
"5","float v = x[i];","-","-","10","40","Global"
"","","0x1000","LDG.E R2, desc[UR4][R4.64]","10","40","Global"
"8","mean[i] = v;","-","-","10","40","Global"
"","","0x1030","STG.E desc[UR4][R10.64], R9","10","40","Global"
)csv";

TEST(VerifyAttributionTest, HeaderOnlyInstructionsGoToTheUsersLine) {
  SourcePage P;
  std::string Error;
  ASSERT_TRUE(parseSourcePage(Profiled, P, Error));
  auto LinesOf = [&](const LineTable *T) {
    Measurements M;
    ProfileInputs In;
    In.Name = "k";
    In.Page = &P;
    In.Table = T;
    measureLines(In, M);
    std::vector<std::string> Out;
    for (const MeasuredLine &L : M.Lines)
      Out.push_back(std::to_string(L.Line) + " " + operationName(L.Op) + " " +
                    L.Attribution);
    std::sort(Out.begin(), Out.end());
    EXPECT_EQ(M.Launches.at(0).File, "/src/k.cu");
    return Out;
  };
  LineTable T;
  T.read(Table);
  EXPECT_EQ(LinesOf(&T),
            (std::vector<std::string>{"5 load ncu", "6 store line-table",
                                      "8 store ncu"}));
  // Without the table: the line of the instruction before it.
  EXPECT_EQ(LinesOf(nullptr),
            (std::vector<std::string>{"5 load ncu", "5 store nearest-sass",
                                      "8 store ncu"}));
}

TEST(VerifyAttributionTest, PtxInlinedAt) {
  PtxInlining Ptx;
  Ptx.read(R"(.visible .entry _Z1kPf(
	.loc	2 113 3, function_name $L__info_string0, inlined_at 1 7 5
	st.global.u16 	[%rd4], %rs1;
	.loc	1 8 1
	st.global.f32 	[%rd5], %f1;
}
	.file	1 "/src/k.cu"
	.file	2 "/usr/local/cuda/include/cuda_bf16.hpp", 1700000000, 100
)");
  PtxInlining::Sites S = Ptx.sitesFor("k", Memory::Global);
  ASSERT_EQ(S.size(), 1u);
  auto It = S.find({"cuda_bf16.hpp", 113u, Operation::Store});
  ASSERT_NE(It, S.end());
  EXPECT_EQ(*It->second.begin(), Frame("k.cu", 7));
  EXPECT_TRUE(Ptx.sitesFor("k", Memory::Shared).empty());
  // Without a line table, the header's store goes to the call site the PTX
  // names, inside the lines the launch lists.
  SourcePage P;
  std::string Error;
  ASSERT_TRUE(parseSourcePage(Profiled, P, Error));
  Measurements M;
  ProfileInputs In;
  In.Page = &P;
  In.Ptx = &Ptx;
  measureLines(In, M);
  bool Found = false;
  for (const MeasuredLine &L : M.Lines)
    if (L.Op == Operation::Store && L.Attribution == "ptx-inlined-at")
      Found =
          L.Line == 7 &&
          L.AlsoListedAt == std::vector<std::string>{
                                "/usr/local/cuda/include/cuda_bf16.hpp:113"};
  EXPECT_TRUE(Found);
}

} // namespace
