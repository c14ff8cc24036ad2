package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest/paths"
)

// tauShared is the real τ-bench file (gpt-4o, airline, tasks 25–49 × 4 trials; MIT, see
// ingest/tau/testdata/NOTICE).
var tauShared = filepath.Join("..", "tau", "testdata", "gpt-4o-airline-tasks25-49.json")

func TestTauAdapter(t *testing.T) {
	res, err := Tau.Read(tauShared, Options{Config: "gpt-4o/tool-calling"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 0 || len(res.Episodes) != 100 {
		t.Fatalf("%d episodes, problems %v", len(res.Episodes), res.Problems)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "tau-bench, domain airline, 100 trajectories") {
		t.Errorf("warnings %q", res.Warnings)
	}
	// The domain named by the caller wins over the file: retail does not know airline's
	// writes, so cancel_reservation is no consequential call there.
	res, err = TauIn("retail").Read(tauShared, Options{Config: "gpt-4o/tool-calling"})
	if err != nil || !strings.HasPrefix(res.Episodes[0].CaseID, "TAU-RETAIL-") {
		t.Fatalf("TauIn(retail): %v", err)
	}
	for _, opt := range []Options{
		{Config: "m/h", Repeat: 1},
		{Config: "m/h", RepeatFrom: RepeatFromDirname},
		{Config: "m/h", Mode: ModeRunner},
		{},
	} {
		if _, err := Tau.Read(tauShared, opt); err == nil {
			t.Errorf("options %+v: no error", opt)
		}
	}
}

// TestReadTauFilesDuplicateMember: a trajectory given twice (a copy of the file) is named by
// its member as the reader names members ("[5]", 0-based, the index in the file's array),
// not by a count from 1 that reads as a line number and points at the next record. One
// file named twice, however spelled, is read once, as --runs and --inspect read theirs.
func TestReadTauFilesDuplicateMember(t *testing.T) {
	data, err := os.ReadFile(tauShared)
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "copy.json")
	if err := os.WriteFile(cp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ReadTauFiles([]string{tauShared, cp}, "", Options{Config: "gpt-4o/tool-calling"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Episodes) != 100 || len(res.Problems) != 100 {
		t.Fatalf("%d episodes, %d problems", len(res.Episodes), len(res.Problems))
	}
	// The files are read in the order of where they are; member [5] of each is task 30, trial 0.
	first, second := tauShared, cp
	if paths.Compare(cp, tauShared) < 0 {
		first, second = cp, tauShared
	}
	want := second + ": [5].task_id/trial: case TAU-AIRLINE-30 trial 0 again (first at " + first + " [5])"
	if got := res.Problems[5].String(); got != want {
		t.Errorf("problem:\n got %s\nwant %s", got, want)
	}
	// The same file named twice, once through another spelling: read once, no problem.
	again := filepath.Join("..", "harness", tauShared)
	res, err = ReadTauFiles([]string{tauShared, again}, "", Options{Config: "gpt-4o/tool-calling"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Episodes) != 100 || len(res.Problems) != 0 {
		t.Errorf("one file named twice: %d episodes, %d problems, want 100 and none", len(res.Episodes), len(res.Problems))
	}
	// A τ²-bench file's members are simulations[i].
	tau2 := filepath.Join("..", "tau", "testdata", "tau2-handmade.json")
	data, err = os.ReadFile(tau2)
	if err != nil {
		t.Fatal(err)
	}
	cp2 := filepath.Join(filepath.Dir(cp), "tau2-copy.json")
	if err := os.WriteFile(cp2, data, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = ReadTauFiles([]string{tau2, cp2}, "", Options{Config: "m/h"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) == 0 || !strings.Contains(res.Problems[0].String(), ": simulations[0].task_id/trial: ") ||
		!strings.HasSuffix(res.Problems[0].String(), " simulations[0])") {
		t.Errorf("τ²-bench problems %v", res.Problems)
	}
}

// TestTauUnknownToolsWarned: the real airline file read as retail (--domain retail) calls
// 402 times tools retail does not list (543 calls, less think, calculate,
// transfer_to_human_agents and get_user_details, which retail has too); they become reads that establish nothing, so no write is
// gated and authorized success equals the reward. That is said, not left silent.
func TestTauUnknownToolsWarned(t *testing.T) {
	res, err := TauIn("retail").Read(tauShared, Options{Config: "gpt-4o/tool-calling"})
	if err != nil {
		t.Fatal(err)
	}
	want := tauShared + ": 402 tool calls of 8 tools the domain retail does not list, neither reads nor writes to its rules (check --domain): get_reservation_details ×243, cancel_reservation ×64, search_direct_flight ×49, book_reservation ×15, and 4 more"
	if len(res.Warnings) != 2 || res.Warnings[1] != want {
		t.Errorf("warnings %q\nwant %q", res.Warnings, want)
	}
}

// TestTauEmptyFile: a τ-bench file holding an empty array, or a τ²-bench file with no
// simulation, is a problem naming the file (an empty batch folder or Inspect log is
// refused too), not an empty episode file written with exit 0.
func TestTauEmptyFile(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	if err := os.WriteFile(empty, []byte("[]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := TauIn("airline").Read(empty, Options{Config: "m/h"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Problems) != 1 || res.Problems[0].String() != empty+": no trajectory in this tau-bench file: nothing to ingest" {
		t.Errorf("problems %v", res.Problems)
	}
	for _, files := range [][]string{{empty}, {tauShared, empty}} {
		all, err := ReadTauFiles(files, "airline", Options{Config: "m/h"})
		if err != nil || len(all.Problems) != 1 {
			t.Errorf("ReadTauFiles(%v): %v, problems %v", files, err, all.Problems)
		}
	}
}
