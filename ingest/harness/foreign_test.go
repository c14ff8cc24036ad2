package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder or file of another kind given to ingest --batch or --interactive ends its
// refusal with what it looks like. Before, a report folder was only "not a batch output
// directory (…)", the batch folder given to --interactive only "not an interactive run
// directory (…)", and τ²-bench results "not a directory".
func TestForeignHarnessInputs(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "rep")
	os.MkdirAll(filepath.Join(rep, "tables"), 0o755)
	os.WriteFile(filepath.Join(rep, "index.md"), []byte("# report\n"), 0o644)
	tau2 := filepath.Join(dir, "tau2.json")
	os.WriteFile(tau2, []byte("{\n  \"info\": {},\n  \"simulations\": []\n}\n"), 0o644)
	opt := Options{Config: "m/h"}
	if _, err := ReadBatchDir(rep, opt); err == nil || !strings.HasSuffix(err.Error(), "; it looks like a report folder (written by report: index.md, tables/, figures/): reports are outputs; give the episodes or bench they were computed from") {
		t.Errorf("a report folder to --batch: %v", err)
	}
	if _, err := ReadInteractiveDir(filepath.Join("testdata", "batch"), opt); err == nil || !strings.HasSuffix(err.Error(), "; it looks like a SafeActBench batch harness output folder: it goes through ingest --batch, which writes its episodes") {
		t.Errorf("the batch folder to --interactive: %v", err)
	}
	if _, err := ReadBatchDir(tau2, opt); err == nil || err.Error() != tau2+": not a directory; it looks like τ²-bench results (an object with simulations[]): τ-bench and τ²-bench results go through ingest --tau, which writes their episodes" {
		t.Errorf("τ²-bench results to --batch: %v", err)
	}
}
