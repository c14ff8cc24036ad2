// Package fsx writes outputs so that a reader never sees half of one: WriteFileAtomic
// replaces one file through a temporary sibling and a rename, and ReplaceDir replaces a
// whole directory (a report) through a temporary sibling directory, refusing to replace
// one that holds files sabench-stats did not write. It imports nothing of the project,
// so every package that writes files can use it.
package fsx
