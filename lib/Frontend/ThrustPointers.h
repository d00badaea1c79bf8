//===- Frontend/ThrustPointers.h - thrust's pointer classes -----*- C++ -*-===//
//
// thrust::device_ptr<T> is a `T *` into global memory wrapped in a class, and
// thrust::device_reference<T>, what its operator[] and operator* return, one
// element of that memory. A kernel that takes a device_ptr reads and writes
// through calls into thrust's headers, which the walk does not enter (library
// code): `in[2 * i]` is an operator[] returning a device_reference, read by
// its conversion to T and written by its operator=. This catalogue says what
// each such call is, as the operation on a raw pointer or element it stands
// for; the AddressBuilder gives it that meaning (AddressBuilderCall.cpp).
//
// The classes are known by their names: a class template device_ptr or
// device_reference whose enclosing namespace, seen through inline ones (CCCL's
// ABI namespace, thrust::THRUST_200700_...), is `thrust`. A stand-in with
// those names (the lit tests' when there is no toolkit) is taken the same way.
//
//===----------------------------------------------------------------------===//
#ifndef CUDA_COALESCE_LIB_FRONTEND_THRUSTPOINTERS_H
#define CUDA_COALESCE_LIB_FRONTEND_THRUSTPOINTERS_H

#include "clang/AST/Type.h"

namespace clang {
class CallExpr;
class CXXConstructExpr;
class Expr;
} // namespace clang

namespace cudacoalesce {

/// Whether \p T (through references and qualifiers) is thrust::device_ptr<U>.
bool isThrustDevicePtr(clang::QualType T);
/// Whether \p T (through references and qualifiers) is
/// thrust::device_reference<U>.
bool isThrustDeviceReference(clang::QualType T);
/// U of a device_ptr<U> or device_reference<U>; null for any other type.
clang::QualType thrustElementType(clang::QualType T);

/// \p E seen through what holds the same object or pointer: parentheses,
/// full expressions, temporaries, and the implicit casts to thrust's base
/// classes (iterator_facade, reference) and to const.
const clang::Expr *thrustOperand(const clang::Expr *E);

/// What a call on a device_ptr or a device_reference does.
struct ThrustOperation {
  enum Kind {
    None,
    /// `p[n]`, `*p`: the element (a device_reference) at Pointer + Count
    /// elements (Count null for `*p`).
    Element,
    /// `p + n`, `n + p`, `p - n` (Sign -1): a device_ptr Count elements on.
    Offset,
    /// `p - q`: the number of elements from Other to Pointer.
    Difference,
    /// `p += n`, `p -= n` (Sign -1), `++p`, `--p`, `p++`, `p--`: the
    /// device_ptr object Pointer moved by Count elements (one where Count is
    /// null). Postfix: the call's value is the pointer before.
    Advance,
    /// `p = q`, `p = nullptr`: the device_ptr object Pointer now holds
    /// Other's pointer.
    Assign,
    /// `p.get()`, `p.operator->()`, `raw_pointer_cast(p)`,
    /// `device_pointer_cast(p)`, `&r`: the pointer Pointer holds (for a
    /// device_reference, its element's address).
    SamePointer,
    /// `if (p)`: the test of the device_ptr Pointer against null.
    NonNull,
    /// The conversion of the device_reference Reference to its element's
    /// type: a load of the element.
    Read,
    /// `r = v`: a store of Value into the element Reference (Value itself an
    /// element, `p[i] = q[i]`, is read first).
    Write,
    /// `r += v` and the other compound assignments, `++r`, `r--`: a load and
    /// a store of the element Reference (Value null for ++ and --).
    Update,
  };
  Kind K = None;
  const clang::Expr *Pointer = nullptr;
  const clang::Expr *Other = nullptr;
  const clang::Expr *Count = nullptr;
  int Sign = 1;
  bool Postfix = false;
  const clang::Expr *Reference = nullptr;
  const clang::Expr *Value = nullptr;
};

/// What \p C is, as an operation on thrust's pointer or reference; None when
/// it is neither's.
ThrustOperation thrustOperation(const clang::CallExpr *C);

/// The expression whose pointer a newly built device_ptr or device_reference
/// \p C holds: the one copied, the `T *` of `device_ptr<T>(raw)`, the
/// device_ptr of `device_reference<T>(p)`; null for any other construction.
const clang::Expr *thrustConstructedFrom(const clang::CXXConstructExpr *C);

} // namespace cudacoalesce

#endif
