// Package arch holds no code: its test keeps the import graph of sabench-stats in the
// order data flows through it, and writes that graph, with the rules, to
// docs/architecture.md (go test ./cmd/internal/arch -update rewrites it); another checks
// that every package comment names only identifiers the module declares.
package arch
