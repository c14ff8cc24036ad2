package ingest

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestAuditLongValueQuotedShort: an audit file's 50 MB run id given twice was echoed whole
// in the error, a 100 MB line of stderr; the message quotes its start and end and says its
// length. Short values are quoted whole, and a cut never splits a character.
func TestAuditLongValueQuotedShort(t *testing.T) {
	long := strings.Repeat("é", 10_000_000) + "-end" // 20 MB
	_, err := parseAudit("a.csv", strings.NewReader("c,"+long+",1\nc,"+long+",0\n"))
	if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), `-end" (20000004 bytes) is also on line 1`) {
		t.Errorf("error of %d bytes: %.400v", len(err.Error()), err)
	}
	if !utf8.ValidString(err.Error()) {
		t.Errorf("the cut split a character: %q", err.Error()[:200])
	}
	if got := QuoteValue("SAB-V1-001\t"); got != `"SAB-V1-001\t"` {
		t.Errorf("short value: %s", got)
	}
}
