package view

import (
	"encoding/json"
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// ViewerBreak encodes episode ep with verdict v as the page does when v's policy is the
// main one and reads back what the page shows of the break: the broke-at event and the
// workflow step states. For the property test, which lives outside the package (it also
// uses results/job, which imports this package).
func ViewerBreak(ep *ingest.Episode, v oracle.Verdict, c Case) (int, []string, error) {
	s := newDict()
	var bd blockDict
	ids := encodeDetail(s, &bd, episodeOf(ep, v, nil), c.Workflow, c.Protocol != "V2")
	var rest []json.RawMessage
	if err := json.Unmarshal([]byte(bd.list[ids.rest]), &rest); err != nil || len(rest) < 12 {
		return 0, nil, fmt.Errorf("rest block %s: %v", bd.list[ids.rest], err)
	}
	var at int
	var states []int
	if err := json.Unmarshal(rest[6], &at); err != nil {
		return 0, nil, err
	}
	if err := json.Unmarshal(rest[11], &states); err != nil {
		return 0, nil, err
	}
	out := make([]string, len(states))
	for i, id := range states {
		out[i] = s.list[id]
	}
	return at, out, nil
}
