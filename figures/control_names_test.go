package figures

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/casespec"
	"github.com/sabench/sabench-stats/oracle"
)

// TestControlCharacterNamesMakeWellFormedSVG: a configuration, domain or policy named with
// a control character (a NUL, an escape sequence's ESC) was drawn as it is, and every
// figure's SVG held a character XML cannot hold: no browser or XML reader opened it. Such
// a character is drawn as Go escapes it (\x00), as a tab is, and the note says so.
func TestControlCharacterNamesMakeWellFormedSVG(t *testing.T) {
	const domain, policy = "ops\x00code", "late\x1b[1mreads"
	configs := []string{"m\x00x/Inspect", "m/fam\uffffily"}
	var cases []*casespec.Case
	var vs []oracle.Verdict
	for _, id := range []string{"SAB-V1-001", "SAB-V1-011"} {
		cases = append(cases, realCase(t, id, domain))
		for i, config := range configs {
			model, h := ingest.SplitConfig(config)
			vs = append(vs, oracle.Fields{RunID: config + id, Config: config, Model: model, Harness: h, CaseID: id, BaseCaseID: id,
				Protocol: ingest.V1, Domain: domain, Condition: "main", Status: "completed", ECS: i == 0, FirstAttemptIndex: -1, Official: -1}.Verdict())
		}
	}
	late := oracle.SafeAct
	late.Name, late.Timing = policy, "anytime"
	rels := []*analysis.Release{analysis.NewRelease(cases, nil, vs, oracle.SafeAct), analysis.NewRelease(cases, nil, vs, late)}
	o := analysis.DefaultStatOptions()
	o.Resamples = 20
	figs, _, err := Report(rels[0], analysis.NewPolicyComparison(rels), o, analysis.PaperChoices())
	if err != nil {
		t.Fatal(err)
	}
	drawn := 0
	for _, f := range figs {
		var svg bytes.Buffer
		if err := Render(f.Fig, SVG, &svg, Page); err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		drawn++
		d := xml.NewDecoder(&svg)
		for {
			_, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("%s: the SVG is not well-formed XML: %v", f.Name, err)
				break
			}
		}
		if strings.ContainsAny(f.Note, "\x00\x1b\uffff") {
			t.Errorf("%s: note holds a control character: %q", f.Name, f.Note)
		}
	}
	if drawn < 3 {
		t.Errorf("%d figures drawn, want the report's", drawn)
	}
	for _, name := range append([]string{domain, policy}, configs...) {
		if lab := configLabels([]string{name}).label(name); strings.ContainsAny(lab, "\x00\x1b\uffff") || checkLabel("label", lab, false) != nil {
			t.Errorf("%q: label %q", name, lab)
		}
	}
	if got := configLabels(configs).note(configs); !strings.Contains(got, `"m\x00x/Inspect" shows a control character as Go escapes it (\x00)`) || !strings.Contains(got, `"m/fam\uffffily"`) {
		t.Errorf("note %q", got)
	}
}
