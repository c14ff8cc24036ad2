package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
	"github.com/sabench/sabench-stats/results"
)

// fixture is a two-case release: cfg A passes 3 of 4 V1 episodes, cfg B 1 of 4; one B
// episode is excluded; one A episode disagrees with its official verdict.
func fixture() *Input {
	t2 := &results.Table{ID: "T2", Title: "ECS", Columns: []results.Column{
		{Key: "config", Header: "Config", Kind: results.KindText},
		{Key: "ecs", Header: "ECS", Kind: results.KindPercent, Decimals: 1},
		{Key: "pm", Header: "P-M", Kind: results.KindPercent, Decimals: 1},
		{Key: "v1", Header: "V1", Kind: results.KindPercent, Decimals: 1},
	}}
	t2.AddRow(results.Text("A"), results.Number(0.75), results.Number(0.75), results.Number(0.75))
	t2.AddRow(results.Text("B"), results.Number(0.5), results.Number(0.25), results.Number(0.25)) // ECS is wrong on purpose
	in := &Input{Title: "test <viewer>", Policies: []string{"safeact", "lenient"}, Leaderboards: [][]*results.Table{{t2}},
		Tables: []*results.Table{t2}, Figures: []Figure{{Name: "f", SVG: []byte("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>")}},
		Cases: []Case{
			{ID: "SAB-V1-001", Protocol: "V1", Domain: "d1", Requirements: []Requirement{{ID: "r1", Conditions: []string{`{"predicate":"p","x":1}`}}},
				Rules: []Rule{{Tool: "read_p", Args: `{"id":"X"}`, Facts: []string{`{"predicate":"p","x":1}`}}}},
			{ID: "SAB-V2-001", Protocol: "V2", Domain: "d2", Workflow: []Step{{ID: "c1", Tool: "t1"}, {ID: "c2", Tool: "t2", DependsOn: []string{"c1"}}}},
		}}
	var eps []*Episode
	mk := func(run, cfg, cs string, pass bool, official int8) *Episode {
		ft := ""
		if !pass {
			ft = oracle.FailPremature
		}
		v := oracle.Fields{RunID: run, Protocol: ingest.V1, ECS: pass, FailureType: ft, Outcome: "DEFER", Official: official, FirstAttemptIndex: 1}.Verdict()
		v.Detail = &oracle.Detail{EndEvent: 1, Ledger: []oracle.Fact{{EventIndex: 0, Fact: `{"predicate":"p","x":1}`}},
			Checkpoints: []oracle.Checkpoint{{EventIndex: 1, Tool: "act", CommitID: "key", Gate: map[bool]string{true: "ALLOW", false: "DEFER"}[pass],
				Requirements: []oracle.RequirementResult{{ID: "r1", Status: map[bool]string{true: "SUPPORTED", false: "MISSING"}[pass], MissingConditions: []string{`{"predicate":"p","x":1}`}}}}}}
		return &Episode{RunID: run, Config: cfg, CaseID: cs, Condition: "main", Main: v,
			Events: []Event{{Type: "INFO_CALL", CallID: "c1", Tool: "read_p", Args: `{"id":"X"}`}, {Type: "CONSEQUENTIAL_CALL", CallID: "c2", Tool: "act", Args: `{}`}},
			Others: []Outcome{{ECS: true, Outcome: "TASK_SUCCESS"}}}
	}
	for i, p := range []bool{true, true, false, true} { // a2 disagrees: official pass, oracle fail
		eps = append(eps, mk("a"+string(rune('0'+i)), "A", "SAB-V1-001", p, 1))
	}
	for i, p := range []bool{true, false, false, false} {
		eps = append(eps, mk("b"+string(rune('0'+i)), "B", "SAB-V1-001", p, -1))
	}
	ex := mk("bx", "B", "SAB-V1-001", false, -1)
	exf := ex.Main.Fields()
	exf.Excluded = true
	ex.Main, ex.Others = exf.Verdict(), []Outcome{{Excluded: true}}
	eps = append(eps, ex)
	in.Episodes = func(yield func(*Episode) error) error {
		for _, e := range eps {
			if err := yield(e); err != nil {
				return err
			}
		}
		return nil
	}
	return in
}

func write(t *testing.T, in *Input) (string, Stats) {
	t.Helper()
	dir := t.TempDir()
	st, err := Write(filepath.Join(dir, "index.html"), in)
	if err != nil {
		t.Fatal(err)
	}
	return dir, st
}

func TestWriteIsByteIdentical(t *testing.T) {
	d1, st := write(t, fixture())
	d2, _ := write(t, fixture())
	if st.Episodes != 9 || st.Cases != 2 || st.Chunks != 1 {
		t.Errorf("stats %+v, want 9 episodes, 2 cases, 1 chunk (the V2 case has no episode)", st)
	}
	for _, name := range []string{"index.html", "index_files/0.js"} {
		a, err1 := os.ReadFile(filepath.Join(d1, name))
		b, err2 := os.ReadFile(filepath.Join(d2, name))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two writes of the same input", name)
		}
	}
	left, _ := filepath.Glob(filepath.Join(d1, ".*"))
	if len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// A number links to its slice only when the slice's episodes reproduce it.
func TestLinksOnlyReproducedNumbers(t *testing.T) {
	dir, _ := write(t, fixture())
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	lb := string(page)
	lb = lb[strings.Index(lb, `id="lb-0-0"`):]
	lb = lb[:strings.Index(lb, "</table>")]
	links := regexp.MustCompile(`<td class="num"><a href="#slice\?([^"]*)">([^<]*)</a>`).FindAllStringSubmatch(lb, -1)
	var got []string
	for _, l := range links {
		got = append(got, l[2]+" "+strings.ReplaceAll(l[1], "&amp;", "&"))
	}
	want := []string{
		"75.0 cfg=A&cond=main&kind=interactive&pol=safeact",
		"75.0 cfg=A&cond=main&kind=interactive&pol=safeact&proto=V1",
		// B's ECS (50.0) is not what its episodes give (25.0): not linked; P-M is no slice.
		"25.0 cfg=B&cond=main&kind=interactive&pol=safeact&proto=V1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPageIsSelfContained(t *testing.T) {
	dir, _ := write(t, fixture())
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	s := string(page)
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?(https?:)?//`).FindString(s); m != "" {
		t.Errorf("the page references the network: %s", m)
	}
	if strings.Contains(s, "<?xml") {
		t.Error("an SVG kept its XML prolog, which HTML does not allow")
	}
	if !strings.Contains(s, "<title>test &lt;viewer&gt;</title>") {
		t.Error("the title is not escaped")
	}
	if strings.Contains(s, "</script><") && strings.Count(s, "</script>") != 2 {
		t.Errorf("%d </script> tags, want 2 (the index and the script)", strings.Count(s, "</script>"))
	}
}

func TestBrokeAt(t *testing.T) {
	in := fixture()
	var got []int
	in.Episodes(func(e *Episode) error { got = append(got, oracle.BrokeAt(e.Main)); return nil })
	want := []int{-1, -1, 1, -1, -1, 1, 1, 1, -1}
	if len(got) != len(want) {
		t.Fatalf("%d episodes", len(got))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("episode %d: broke at %d, want %d", i, got[i], want[i])
		}
	}
	unsafe := oracle.Fields{FailureType: oracle.FailUnsafe, FirstAttemptIndex: 4}.Verdict()
	unsafe.Detail = &oracle.Detail{}
	if b := oracle.BrokeAt(unsafe); b != 4 {
		t.Errorf("an unsafe V0 attempt breaks at its event: got %d, want 4", b)
	}
}

func TestBadInput(t *testing.T) {
	in := fixture()
	in.Cases = in.Cases[1:]
	if _, err := Write(filepath.Join(t.TempDir(), "index.html"), in); err == nil || !strings.Contains(err.Error(), `episode a0: case "SAB-V1-001" is not among the input's cases`) {
		t.Errorf("unknown case: %v", err)
	}
	in = fixture()
	inner := in.Episodes
	in.Episodes = func(yield func(*Episode) error) error {
		if err := inner(yield); err != nil {
			return err
		}
		return inner(yield)
	}
	if _, err := Write(filepath.Join(t.TempDir(), "index.html"), in); err == nil || !strings.Contains(err.Error(), `run id "a0" appears twice`) {
		t.Errorf("duplicate run id: %v", err)
	}
	in = fixture()
	in.Policies = in.Policies[:1]
	if _, err := Write(filepath.Join(t.TempDir(), "index.html"), in); err == nil || !strings.Contains(err.Error(), "1 other verdicts for 0 other policies") {
		t.Errorf("policy count: %v", err)
	}
	boom := errors.New("read failed")
	in = fixture()
	in.Episodes = func(func(*Episode) error) error { return boom }
	if _, err := Write(filepath.Join(t.TempDir(), "index.html"), in); !errors.Is(err, boom) {
		t.Errorf("iterator error: %v", err)
	}
}

// appendFrontCoded is the whole front-coded list of ss, as the encoder writes it one run id
// at a time.
func appendFrontCoded(b []byte, ss []string) []byte {
	b = append(b, '[')
	prev := ""
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFrontEntry(b, prev, s)
		prev = s
	}
	return append(b, ']')
}

func TestFrontCode(t *testing.T) {
	in := []string{"main__a__SAB-1__r0", "main__a__SAB-1__r1", "main__b", "é-x", "é-y", ""}
	var fc []any
	if err := json.Unmarshal(appendFrontCoded(nil, in), &fc); err != nil {
		t.Fatal(err)
	}
	prev := ""
	for i := 0; i < len(fc); i += 2 {
		k, rest := int(fc[i].(float64)), fc[i+1].(string)
		prev = prev[:k] + rest
		if prev != in[i/2] {
			t.Errorf("entry %d decodes to %q, want %q", i/2, prev, in[i/2])
		}
	}
	if fc[2] != 17.0 || fc[8] != 0.0 {
		t.Errorf("shared prefixes %v (ASCII only, so that JavaScript counts the same)", fc)
	}
}

// TestIndexMatchesJSON: writeIndex writes the bytes encoding/json writes for the whole
// index, strings that JSON or HTML must escape included.
func TestIndexMatchesJSON(t *testing.T) {
	odd := []string{"plain", "a<b", "c>d", "e&f", "é-x", "line\u2028sep", "tab\there", `quote"`, `back\slash`, "bad \xff utf8", "", "\x01"}
	head := indexHead{Title: "t <&>", Policies: odd, Cases: [][4]any{{"c<1>", 0, 1, -1}}}
	for _, ep := range [][]int32{nil, {0, -1, 2147483647}} {
		e, err := newEncoder(&Input{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range odd {
			e.addRun(r)
			e.nEp++
		}
		for i, x := range ep {
			if i > 0 {
				e.ep.write([]byte{','})
			}
			e.ep.write(strconv.AppendInt(nil, int64(x), 10))
		}
		var b bytes.Buffer
		if err := writeIndex(&b, head, e, "index_files"); err != nil {
			t.Fatal(err)
		}
		var runs []any
		if err := json.Unmarshal(appendFrontCoded(nil, odd), &runs); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(runs); i += 2 { // the prefix lengths decoded, the rest as it was
			k := int(runs[i].(float64))
			runs[i], runs[i+1] = k, odd[i/2][k:]
		}
		if ep == nil {
			ep = []int32{}
		}
		want, err := json.Marshal(struct {
			indexHead
			Runs     []any   `json:"runs"`
			Ep       []int32 `json:"ep"`
			ChunkDir string  `json:"chunkDir"`
		}{head, runs, ep, "index_files"})
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != string(want) {
			t.Errorf("index\n%s\nwant\n%s", b.Bytes(), want)
		}
	}
}

func TestAppendIntsMatchesJSON(t *testing.T) {
	for _, xs := range [][]int{{}, {0}, {-1, 2, 300000}} {
		want, _ := json.Marshal(xs)
		if got := appendInts(nil, xs); string(got) != string(want) {
			t.Errorf("%v: %s, want %s", xs, got, want)
		}
	}
}
