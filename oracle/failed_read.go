package oracle

import "github.com/sabench/sabench-stats/ingest"

// FailedReadWhy says why a read that answered with tool_status status (as written, not
// "ok") established no fact: under V2 and V3 the walk takes nothing from such a read and
// does not count it. "" for "ok", for no status, and for V0 and V1 (V1 reads no status;
// V0 counts the read, and the preflight's stop is said otherwise). Explain's chain and the
// viewer's timeline both say it, after "no facts: ".
func FailedReadWhy(p ingest.Protocol, status string) string {
	if (p != ingest.V2 && p != ingest.V3) || status == "" || status == "ok" {
		return ""
	}
	return "it answered with tool_status " + status + ", and only a read that answered ok counts"
}
