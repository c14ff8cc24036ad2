package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A case id that is not a string (a number, as a hand-edited or re-serialised file may
// hold) is a problem naming the file and the field; it was skipped unsaid, the run's
// other files naming the case instead.
func TestInteractiveCaseIDNotAString(t *testing.T) {
	for _, file := range []string{"case_metadata.json", "config.json"} {
		dir := copyTree(t, filepath.Join(interactiveFixture, "SAB-V2-001.run1"))
		p := filepath.Join(dir, file)
		b, _ := os.ReadFile(p)
		s := strings.Replace(string(b), `"case_id": "SAB-V2-001"`, `"case_id": 2001`, 1)
		if s == string(b) {
			t.Fatalf("%s: no case_id to change", file)
		}
		os.WriteFile(p, []byte(s), 0o644)
		res := readInteractive(t, dir, Options{Config: glm})
		want := file + ": case_id: must be a case id (a string), got an integer"
		if !hasProblem(res.Problems, want) || len(res.Episodes) != 0 {
			t.Errorf("%s: problems %v, %d episodes; want %q", file, res.Problems, len(res.Episodes), want)
		}
	}
}
