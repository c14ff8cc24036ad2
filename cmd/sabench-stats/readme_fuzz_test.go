package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestREADMENamesEveryFuzzPackage: the README's list of fuzz targets (Development,
// "Targets: …") names every package that has one, so that a reader who fuzzes what it
// lists fuzzes every reader and writer (it left out results, whose FuzzCostTotals sums the
// cost table).
func TestREADMENamesEveryFuzzPackage(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, found := strings.Cut(string(readme), "Targets: ")
	list, _, ended := strings.Cut(list, "lists them all")
	if !found || !ended {
		t.Fatal("the README has no list of fuzz targets (\"Targets: … lists them all\")")
	}
	const root = "../.."
	var pkgs []string
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && (e.Name() == "testdata" || strings.HasPrefix(e.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if e.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), "\nfunc Fuzz") {
			dir, _ := filepath.Rel(root, filepath.Dir(path))
			if dir = filepath.ToSlash(dir); !slices.Contains(pkgs, dir) {
				pkgs = append(pkgs, dir)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 5 {
		t.Fatalf("found fuzz targets in %d packages: %q", len(pkgs), pkgs)
	}
	for _, p := range pkgs {
		if !strings.Contains(list, "`"+p+"`") {
			t.Errorf("the README's list of fuzz targets does not name package %s", p)
		}
	}
}
