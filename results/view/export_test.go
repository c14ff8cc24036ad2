package view

import (
	"encoding/json"
	"fmt"

	"github.com/sabench/sabench-stats/ingest"
	"github.com/sabench/sabench-stats/oracle"
)

// ViewerBreak encodes episode ep with verdict v as the page does when v's policy is the
// main one and reads back what the page shows of the break: the broke-at event, the
// workflow step states and the sentence saying why (the episode's own from the rest
// block's last field, else its failure type's from the index). For the property test,
// which lives outside the package (it also uses results/job, which imports this package).
func ViewerBreak(ep *ingest.Episode, v oracle.Verdict, c Case) (int, []string, string, error) {
	s, whys := newDict(), newDict()
	var bd blockDict
	ids := encodeDetail(s, &bd, episodeOf(ep, v, nil), c.Workflow, c.Protocol != "V2", whyID(whys, &v))
	var rest []json.RawMessage
	if err := json.Unmarshal([]byte(bd.list[ids.rest]), &rest); err != nil || len(rest) < 12 || len(rest) > 16 {
		return 0, nil, "", fmt.Errorf("rest block %s: %v", bd.list[ids.rest], err)
	}
	var at int
	var states []int
	if err := json.Unmarshal(rest[6], &at); err != nil {
		return 0, nil, "", err
	}
	if err := json.Unmarshal(rest[11], &states); err != nil {
		return 0, nil, "", err
	}
	out := make([]string, len(states))
	for i, id := range states {
		out[i] = s.list[id]
	}
	why := oracle.FailureWhy(v.FailureType())
	if v.ECS() {
		why = ""
	}
	if len(rest) >= 13 { // then the policy lines, and the read a V0 preflight stopped at
		var k int
		if err := json.Unmarshal(rest[12], &k); err != nil || k < -1 || k >= len(whys.list) {
			return 0, nil, "", fmt.Errorf("rest block %s: sentence %s of %d", bd.list[ids.rest], rest[12], len(whys.list))
		}
		if k >= 0 {
			why = whys.list[k]
		}
	}
	return at, out, why, nil
}

// ViewerFailedReads is the sentence the page shows under each read of ep that answered
// with an error, by event, as encodeDetail writes them for the page.
func ViewerFailedReads(ep *ingest.Episode, v oracle.Verdict, c Case) (map[int]string, error) {
	s, whys := newDict(), newDict()
	var bd blockDict
	ids := encodeDetail(s, &bd, episodeOf(ep, v, nil), c.Workflow, c.Protocol != "V2", whyID(whys, &v))
	var rest []json.RawMessage
	if err := json.Unmarshal([]byte(bd.list[ids.rest]), &rest); err != nil {
		return nil, err
	}
	out := map[int]string{}
	if len(rest) < 16 {
		return out, nil
	}
	var flat []int
	if err := json.Unmarshal(rest[15], &flat); err != nil || len(flat)%2 != 0 {
		return nil, fmt.Errorf("rest block %s: failed reads %v", bd.list[ids.rest], err)
	}
	for i := 0; i < len(flat); i += 2 {
		out[flat[i]] = s.list[flat[i+1]]
	}
	return out, nil
}
