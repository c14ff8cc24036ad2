package ingest

import (
	"strings"
	"testing"
)

func TestParseAudit(t *testing.T) {
	a, err := parseAudit("a.csv", strings.NewReader("case_id,run_id,label\nSAB-V1-001,r1,pass\n,r2, FALSE \nSAB-V2-003,r3,1\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]AuditLabel{"r1": {"SAB-V1-001", true, 2}, "r2": {"", false, 3}, "r3": {"SAB-V2-003", true, 4}}
	if len(a.Labels) != len(want) || a.Path != "a.csv" {
		t.Fatalf("got %+v", a)
	}
	for run, l := range want {
		if a.Labels[run] != l {
			t.Errorf("%s: %+v, want %+v", run, a.Labels[run], l)
		}
	}
	for body, msg := range map[string]string{
		"c,r,maybe\n":    `a.csv:1: label: "maybe" is not pass/fail`,
		"c,,pass\n":      "a.csv:1: run_id: empty",
		"c,r,1\nc,r,0\n": `a.csv:2: run_id: "r" is also on line 1`,
		"c,r\n":          "a.csv: record on line 1: wrong number of fields",
	} {
		if _, err := parseAudit("a.csv", strings.NewReader(body)); err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: error %v, want %q", body, err, msg)
		}
	}
}

// An audit file saved by Excel as "CSV UTF-8" (a byte-order mark, CRLF line ends) reads
// as the same labels: the mark made the header a row whose label "label" was refused.
func TestParseAuditExcel(t *testing.T) {
	a, err := parseAudit("a.csv", strings.NewReader("\ufeffcase_id,run_id,label\r\nSAB-V1-001,r1,pass\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := a.Labels["r1"]; len(a.Labels) != 1 || !ok || l != (AuditLabel{"SAB-V1-001", true, 2}) {
		t.Errorf("labels %+v", a.Labels)
	}
}
