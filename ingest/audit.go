package ingest

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// AuditLabel is one audited verdict: its case (may be empty), whether the auditor passed
// it, and the line of the audit file it came from.
type AuditLabel struct {
	CaseID string
	Pass   bool
	Line   int
}

// Audit is a file of audited verdicts keyed by run id.
type Audit struct {
	Path   string
	Labels map[string]AuditLabel
}

// ReadAudit reads a CSV of case_id,run_id,label (a header row is optional); a label is
// pass/fail, true/false or 1/0. Problems name the file, line and field.
func ReadAudit(path string) (*Audit, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseAudit(path, f)
}

func parseAudit(path string, in io.Reader) (*Audit, error) {
	r := csv.NewReader(SkipBOM(in))
	r.FieldsPerRecord = 3
	a := &Audit{Path: path, Labels: map[string]AuditLabel{}}
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
			return nil, fmt.Errorf("%s:%d: label: %s is not pass/fail, true/false or 1/0", path, line, QuoteValue(rec[2]))
		}
		if runID == "" {
			return nil, fmt.Errorf("%s:%d: run_id: empty", path, line)
		}
		if prev, dup := a.Labels[runID]; dup {
			return nil, fmt.Errorf("%s:%d: run_id: %s is also on line %d", path, line, QuoteValue(runID), prev.Line)
		}
		a.Labels[runID] = AuditLabel{CaseID: caseID, Pass: pass, Line: line}
	}
	return a, nil
}
