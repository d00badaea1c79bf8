//===- Frontend/JournaledMap.h - A map that goes back to a mark -*- C++ -*-===//
//
// The address builder walks both sides of every `if` from the same variable
// values. It copied the whole map at each `if` to start the else side from
// it: in ggml's fattn.cu (131,450 `if`s walked, 624 variables and 646 terms
// in the map at each, on average) those copies and their frees were 40% of
// the analysis (perf, `AddressBuilder::ifStmt` and the copies of
// `sym::Term` vectors under it). A branch changes a few of them; this map
// notes the value a key had before its first change since a mark, so going
// back to the mark costs what the branch changed, not what the map holds.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_JOURNALEDMAP_H
#define CUDA_COALESCE_LIB_FRONTEND_JOURNALEDMAP_H

#include "llvm/ADT/DenseMap.h"

#include <cassert>
#include <optional>
#include <utility>
#include <vector>

namespace cudacoalesce {

template <typename KeyT, typename ValueT> class JournaledMap {
public:
  using Map = llvm::DenseMap<KeyT, ValueT>;
  using const_iterator = typename Map::const_iterator;

  const_iterator begin() const { return Values.begin(); }
  const_iterator end() const { return Values.end(); }
  const_iterator find(const KeyT &K) const { return Values.find(K); }
  size_t count(const KeyT &K) const { return Values.count(K); }
  size_t size() const { return Values.size(); }
  const Map &values() const { return Values; }

  /// The value of \p K to change (inserted when absent, as DenseMap's).
  ValueT &operator[](const KeyT &K) {
    noteChange(K);
    return Values[K];
  }

  /// Empties the map; no mark may be open.
  void clear() {
    assert(Marks.empty() && "cleared under an open mark");
    Values.clear();
    Journal.clear();
    NotedIn.clear();
  }

  /// From here on, the values before each key's first change are kept.
  void mark() { Marks.push_back({Journal.size(), ++LastGeneration}); }

  /// The keys changed since the innermost mark, each with its value at that
  /// mark (none where it was absent), in the order first changed.
  std::vector<std::pair<KeyT, std::optional<ValueT>>> changedSinceMark() const {
    assert(!Marks.empty());
    std::vector<std::pair<KeyT, std::optional<ValueT>>> Changed;
    llvm::DenseMap<KeyT, bool> Seen;
    for (size_t I = Marks.back().JournalSize; I < Journal.size(); ++I)
      if (Seen.try_emplace(Journal[I].first, true).second)
        Changed.push_back(Journal[I]);
    return Changed;
  }

  /// Back to the values at the innermost mark, which closes.
  void undo() {
    assert(!Marks.empty());
    size_t Begin = Marks.back().JournalSize;
    // Backwards: a key changed in several nested marks ends with its oldest.
    for (size_t I = Journal.size(); I-- > Begin;) {
      auto &[Key, Old] = Journal[I];
      if (Old)
        Values[Key] = std::move(*Old);
      else
        Values.erase(Key);
    }
    Journal.resize(Begin);
    Marks.pop_back();
  }

  /// Keeps the values since the innermost mark, which closes; an enclosing
  /// mark can still go back past them.
  void keep() {
    assert(!Marks.empty());
    Marks.pop_back();
  }

private:
  struct Mark {
    size_t JournalSize;
    unsigned Generation;
  };

  void noteChange(const KeyT &K) {
    if (Marks.empty())
      return;
    unsigned Now = Marks.back().Generation;
    auto [It, New] = NotedIn.try_emplace(K, Now);
    if (!New && It->second == Now)
      return; // its value at this mark is kept already
    It->second = Now;
    auto Found = Values.find(K);
    Journal.emplace_back(K, Found == Values.end()
                                ? std::nullopt
                                : std::optional<ValueT>(Found->second));
  }

  Map Values;
  std::vector<std::pair<KeyT, std::optional<ValueT>>> Journal;
  std::vector<Mark> Marks;
  /// The mark each key's value was last kept for: a key is noted once a
  /// mark, however often it changes.
  llvm::DenseMap<KeyT, unsigned> NotedIn;
  unsigned LastGeneration = 0;
};

} // namespace cudacoalesce

#endif
