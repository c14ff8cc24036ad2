package casespec

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A SafeActBench checkout whose env directory, or one of its files, is a link out
// of the checkout is refused without reading (or echoing) the foreign file.
func TestReliability_BenchCheckoutLinks(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "case_manifest.json")
	os.WriteFile(secret, []byte("root:x:0:0 SECRET"), 0o644)
	for name, setup := range map[string]func(root string){
		"env dir":  func(root string) { os.Symlink(outside, filepath.Join(root, "env")) },
		"case dir": func(root string) { os.Symlink(outside, filepath.Join(root, "cases")) },
		"env file": func(root string) {
			os.Mkdir(filepath.Join(root, "env"), 0o755)
			os.Symlink(secret, filepath.Join(root, "env", "case_manifest.json"))
		},
	} {
		root := t.TempDir()
		setup(root)
		_, err := LoadBench(root, BenchOptions{})
		if err == nil || !strings.Contains(err.Error(), "leads out of") || strings.Contains(err.Error(), "SECRET") || strings.Contains(err.Error(), "root:x") {
			t.Errorf("%s: %v; want a refusal that does not echo the file", name, err)
		}
	}
}
