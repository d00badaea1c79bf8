//===- tool/cuda-coalesce/VerifyCommand.h - `cuda-coalesce verify` --------===//
#ifndef CUDA_COALESCE_TOOL_VERIFYCOMMAND_H
#define CUDA_COALESCE_TOOL_VERIFYCOMMAND_H

/// Runs `cuda-coalesce verify ...` (Argv[1] is "verify"); the exit status.
int runVerifyCommand(int Argc, const char **Argv);

#endif
