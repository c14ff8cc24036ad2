//go:build !linux

package fsx

import "errors"

// exchange is not available: ReplaceDir renames aside instead.
func exchange(a, b string) error { return errors.New("no atomic exchange on this system") }
