package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
	"github.com/sabench/sabench-stats/oracle"
)

// auditLabel is one audited verdict: its case and whether the auditor passed it.
type auditLabel struct {
	caseID string
	pass   bool
	line   int
}

// readAudit reads a CSV of case_id,run_id,label (a header row is optional); a label is
// pass/fail, true/false or 1/0. Problems name the file, line and field.
func readAudit(path string) (map[string]auditLabel, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = 3
	out := map[string]auditLabel{}
	for line := 1; ; line++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		caseID, runID, label := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1]), strings.ToLower(strings.TrimSpace(rec[2]))
		if line == 1 && caseID == "case_id" {
			continue
		}
		var pass bool
		switch label {
		case "pass", "true", "1":
			pass = true
		case "fail", "false", "0":
		default:
			return nil, fmt.Errorf("%s:%d: label: %q is not pass/fail, true/false or 1/0", path, line, rec[2])
		}
		if runID == "" {
			return nil, fmt.Errorf("%s:%d: run_id: empty", path, line)
		}
		if prev, dup := out[runID]; dup {
			return nil, fmt.Errorf("%s:%d: run_id: %q is also on line %d", path, line, runID, prev.line)
		}
		out[runID] = auditLabel{caseID: caseID, pass: pass, line: line}
	}
	return out, nil
}

// auditSummary reports, per policy, the oracle's agreement with the audited labels. Every
// audited run must be among the scored episodes, with the case it names.
func auditSummary(path string, labels map[string]auditLabel, s *analysis.Scored) (string, error) {
	byRun := map[string]*oracle.Verdict{}
	for i := range s.Verdicts[0] {
		byRun[s.Verdicts[0][i].RunID] = &s.Verdicts[0][i]
	}
	for run, l := range labels {
		v := byRun[run]
		switch {
		case v == nil:
			return "", fmt.Errorf("%s:%d: run_id: %q is not among the episodes read", path, l.line, run)
		case l.caseID != "" && l.caseID != v.CaseID && l.caseID != v.BaseCaseID:
			return "", fmt.Errorf("%s:%d: case_id: %q, but run %q is on case %q", path, l.line, l.caseID, run, v.CaseID)
		}
	}
	var b strings.Builder
	for pi, pol := range s.Policies {
		fmt.Fprintf(&b, "policy %s:\n", pol.Name)
		b.WriteString(labelSummary("the audit "+path, "audit", s.Verdicts[pi], func(v *oracle.Verdict) int {
			l, ok := labels[v.RunID]
			switch {
			case !ok:
				return -1
			case l.pass:
				return 1
			}
			return 0
		}))
	}
	return b.String(), nil
}
