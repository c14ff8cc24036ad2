package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// glossaryDoc renders docs/glossary.md from FailureGlossary and OutcomeGlossary, the
// sentences explain and the viewer print (an episode's own where EpisodeWhy says more).
func glossaryDoc() string {
	var b strings.Builder
	b.WriteString("# Glossary: outcomes and failure types\n\n")
	b.WriteString("Generated from `oracle.FailureGlossary` and `oracle.OutcomeGlossary` (`go test ./oracle -run TestGlossaryDoc -update`\n")
	b.WriteString("rewrites it; the test fails when it differs). `explain` (text: `why it fails:`, JSON: `why`) and the viewer's\n")
	b.WriteString("episode page say why a failed episode failed in the same words (`oracle.EpisodeWhy`), from the episode's own\n")
	b.WriteString("break: " + EpisodeWhyKinds + "; other episodes get their type's sentence. The viewer's Glossary view\n")
	b.WriteString("says the same and lists the types' sentences, below.\n\n")
	b.WriteString("Where the chain broke is the oracle's too: the event is `oracle.BrokeAt` of the verdict (the extra event of\n")
	b.WriteString("`extra_event`, the attempted action of `unsafe_attempt`, else the first gate that did not ALLOW an action, else\n")
	b.WriteString("a contract failure's first invalid read, else the malformed event a workflow's evaluator stopped at: an invalid event or call id,\n")
	b.WriteString("a read without its frozen delta, or the agent's read at which a V0 record's hidden preflight stopped; none when the\n")
	b.WriteString("failure is no single event), and the broken step is the workflow\n")
	b.WriteString("step whose tool that action called, or in V2, when no later step has that tool, the step the evaluator\n")
	b.WriteString("expected (its failed commit), whose state then names the tool called instead (`oracle.WorkflowStates`).\n\n")
	b.WriteString("## Failure types\n\n| failure type | why an episode of this type failed |\n|---|---|\n")
	for _, t := range FailureGlossary() {
		b.WriteString("| `" + t.Name + "` | " + t.Meaning + " |\n")
	}
	b.WriteString("\n## Verdicts, gates, requirements and workflow steps\n\n| term | meaning |\n|---|---|\n")
	for _, t := range OutcomeGlossary() {
		b.WriteString("| `" + t.Name + "` | " + t.Meaning + " |\n")
	}
	return b.String()
}

func TestGlossaryDoc(t *testing.T) {
	path := filepath.Join("..", "docs", "glossary.md")
	want := glossaryDoc()
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is out of date: go test ./oracle -run TestGlossaryDoc -update", path)
	}
	// Every failure type the oracle gives, and infra_failure, has its sentence.
	for _, ft := range append(append([]string(nil), FailureTypes...), FailInfra) {
		if FailureWhy(ft) == "" {
			t.Errorf("failure type %s has no sentence", ft)
		}
	}
	if len(FailureGlossary()) != len(FailureTypes)+1 {
		t.Errorf("the glossary has %d failure types, the oracle %d and infra_failure", len(FailureGlossary()), len(FailureTypes))
	}
}
