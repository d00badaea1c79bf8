// A launch written through a macro: the file that uses it has no `<<<`.
#define LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)
