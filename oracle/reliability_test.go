package oracle

import (
	"bytes"
	"testing"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/ingest/jsonv"
)

// TestReliability_NoRecordNeverSucceeds: a completed episode with a null or
// missing record is excluded as no_record, and one with an empty record fails, under
// every preset policy and for every real case (near-miss, toolsandbox, tau-bench and
// appworld once scored V0 {} as a NO_ACTION success).
func TestReliability_NoRecordNeverSucceeds(t *testing.T) {
	for _, id := range allCaseIDs(t) {
		p := prepare(t, loadCase(t, id))
		for _, pol := range Presets {
			for _, detail := range []bool{false, true} {
				v := p.Score(&ingest.Episode{CaseID: id, Config: "m/h", Status: ingest.StatusCompleted}, pol, detail)
				if !v.Excluded() || v.ExclusionReason() != ExcludedNoRecord || v.ECS() {
					t.Errorf("%s %s null record: excluded=%v reason=%q ecs=%v, want excluded no_record",
						id, pol.Name, v.Excluded(), v.ExclusionReason(), v.ECS())
				}
				v = p.Score(&ingest.Episode{CaseID: id, Config: "m/h", Status: ingest.StatusCompleted, Record: ingest.NewRecord(&jsonv.Object{})}, pol, detail)
				if v.ECS() || v.Excluded() || v.FailureType() == "" {
					t.Errorf("%s %s {} record: ecs=%v excluded=%v failure=%q, want a failure", id, pol.Name, v.ECS(), v.Excluded(), v.FailureType())
				}
			}
		}
	}
}

// TestReliability_LenientDefectExcluded: an episode a lenient read let through
// is excluded by its defect, whatever its record says.
func TestReliability_LenientDefectExcluded(t *testing.T) {
	c := loadCase(t, "SAB-V1-001")
	ep := reference(t, c)
	ep.Defect = ingest.DefectUnknownField
	v := prepare(t, c).Score(ep, SafeAct, false)
	if !v.Excluded() || v.ExclusionReason() != ingest.DefectUnknownField {
		t.Fatalf("excluded=%v reason=%q, want excluded unknown_field", v.Excluded(), v.ExclusionReason())
	}
}

// FuzzScoreDamagedEpisode damages the reference episode of every real case (one
// byte changed, the line cut short) and scores what still decodes under every preset:
// no panic, a verdict is either excluded with a reason, a success without a failure type
// or a failure with one, and an episode without events or decision never succeeds.
func FuzzScoreDamagedEpisode(f *testing.F) {
	var preps []*Prepared
	var lines [][]byte
	for _, id := range allCaseIDs(f) {
		c := loadCase(f, id)
		preps = append(preps, prepare(f, c))
		ep := reference(f, c)
		ep.Config, ep.Model, ep.Harness, ep.RunID = "m/h", "m", "h", "r"
		lines = append(lines, ingest.AppendEpisodeJSON(nil, ep))
		f.Add(uint8(len(preps)-1), uint16(0), byte(0), uint16(0xffff))
	}
	f.Add(uint8(2), uint16(200), byte('}'), uint16(0xffff))
	f.Add(uint8(5), uint16(150), byte('"'), uint16(400))
	f.Fuzz(func(t *testing.T, which uint8, off uint16, b byte, cut uint16) {
		i := int(which) % len(preps)
		line := bytes.Clone(lines[i])
		if b != 0 {
			line[int(off)%len(line)] = b
		}
		if int(cut) < len(line) {
			line = line[:cut]
		}
		o, err := jsonv.ParseObject(line)
		if err != nil {
			return
		}
		for _, decode := range []func(*jsonv.Object, string, int) (*ingest.Episode, []ingest.Problem){ingest.DecodeEpisode, ingest.DecodeEpisodeLenient} {
			ep, probs := decode(o, "fuzz.jsonl", 1)
			if ep == nil {
				if len(probs) == 0 {
					t.Fatal("no episode and no problem")
				}
				continue
			}
			ep.CaseID = preps[i].c.ID // score against the case whatever the damage did to the id
			for _, pol := range Presets {
				v := preps[i].Score(ep, pol, false)
				sameVerdict(t, preps[i].Score(ep, pol, true), v)
				switch {
				case v.Excluded():
					if v.ExclusionReason() == "" || v.ECS() {
						t.Fatalf("%s: excluded without a reason or with ECS", pol.Name)
					}
				case v.ECS() && v.FailureType() != "":
					t.Fatalf("%s: ECS with failure type %s", pol.Name, v.FailureType())
				case !v.ECS() && v.FailureType() == "":
					t.Fatalf("%s: failed without a failure type", pol.Name)
				}
				if v.ECS() {
					_, ev := ep.Record.Get("events")
					_, dec := ep.Record.Get("decision")
					if !ev && !dec {
						t.Fatalf("%s: a record with neither events nor a decision succeeded", pol.Name)
					}
				}
			}
		}
	})
}
