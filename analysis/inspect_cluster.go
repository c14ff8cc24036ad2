package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// checkClusterKey refuses a cluster key whose value differs between rows of one sample (of
// one task): a pooled sample takes its metadata from the first row read, so logs (or
// epochs) that disagree would make its cluster depend on the order the logs are read. Rows
// without the key are not a disagreement (unitsOf takes the value from any that has it).
func checkClusterKey(key string, rows ...[]inspect.Row) error {
	type sampleKey struct {
		task string
		id   inspect.SampleID
	}
	type seen struct {
		raw json.RawMessage
		row *inspect.Row
	}
	first := map[sampleKey]seen{}
	for _, rs := range rows {
		for i := range rs {
			r := &rs[i]
			raw, ok := r.Metadata[key]
			if !ok {
				continue
			}
			k := sampleKey{r.Task, r.SampleID}
			s, ok := first[k]
			if !ok {
				first[k] = seen{raw, r}
				continue
			}
			if bytes.Equal(s.raw, raw) {
				continue
			}
			v0, _ := MetadataText(s.row.Metadata, key)
			v1, _ := MetadataText(r.Metadata, key)
			if v0 != v1 {
				return fmt.Errorf("--cluster-by metadata.%s: sample %s of task %s has %q in %s (epoch %d) but %q in %s (epoch %d): "+
					"its cluster would depend on the order the logs are read", key, r.SampleID, r.Task, v0, s.row.Log, s.row.Epoch, v1, r.Log, r.Epoch)
			}
		}
	}
	return nil
}
