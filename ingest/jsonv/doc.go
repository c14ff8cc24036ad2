// Package jsonv is the JSON value model shared by the ingester, the oracle and the generator.
//
// SafeActBench's evaluator is written in Python, and its results depend on Python's view of
// JSON: an integer and a float are different values (119 vs 119.0), object keys are sorted
// by code point for hashing, floats print with repr (`250.0`, `1e-05`), and str() of a
// value is compared in places. A value here is one of: nil, bool, int64, BigInt (an integer
// outside int64), float64, string, []any, or *Object (keys kept in written order, so
// nothing depends on Go map order).
package jsonv
