package verdicts

import (
	"strings"
	"testing"
)

func TestRefuseRescoring(t *testing.T) {
	if err := RefuseRescoring(nil, nil, "exclude", ""); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		runs, pols []string
		infra      string
		dedupe     string
		want       string
	}{
		{[]string{"r.jsonl"}, []string{"safeact"}, "fail", "first", "--verdicts replaces --runs"},
		{nil, []string{"safeact"}, "fail", "first", "--verdicts carries its own policies"},
		{nil, nil, "fail", "first", "--infra-failures was applied"},
		{nil, nil, "exclude", "first", "--dedupe was applied"},
	} {
		if err := RefuseRescoring(c.runs, c.pols, c.infra, c.dedupe); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}
