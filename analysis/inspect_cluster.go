package analysis

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/sabench/sabench-stats/ingest/inspect"
)

// sampleKey is one sample of one task: the unit a cluster label belongs to.
type sampleKey struct {
	task string
	id   inspect.SampleID
}

// sampleClusters is each sample's cluster (a metadata key's value), resolved over every
// row read rather than from the rows of one arm or one log: a log that lacks the key for
// a sample takes the value the others give it, whichever is read first.
type sampleClusters struct {
	key   string
	label map[sampleKey]string
	// in is a log holding the sample, to name when no row gives it the key.
	in map[sampleKey]string
}

// clustersOf resolves the clusters of key over rows. It refuses a key whose value differs
// between rows of one sample (of one task): the sample's cluster would depend on the
// order the logs are read. Rows without the key are not a disagreement. Nil for no key.
func clustersOf(key string, rows ...[]inspect.Row) (*sampleClusters, error) {
	if key == "" {
		return nil, nil
	}
	type seen struct {
		raw json.RawMessage
		row *inspect.Row
	}
	c := &sampleClusters{key: key, label: map[sampleKey]string{}, in: map[sampleKey]string{}}
	first := map[sampleKey]seen{}
	for _, rs := range rows {
		for i := range rs {
			r := &rs[i]
			k := sampleKey{r.Task, r.SampleID}
			if _, ok := c.in[k]; !ok {
				c.in[k] = r.Log
			}
			raw, ok := r.Metadata[key]
			if !ok {
				continue
			}
			s, ok := first[k]
			if !ok {
				first[k] = seen{raw, r}
				c.label[k], _ = MetadataText(r.Metadata, key)
				continue
			}
			if bytes.Equal(s.raw, raw) {
				continue
			}
			v0, _ := MetadataText(s.row.Metadata, key)
			v1, _ := MetadataText(r.Metadata, key)
			if v0 != v1 {
				return nil, fmt.Errorf("--cluster-by metadata.%s: sample %s of task %s has %q in %s (epoch %d) but %q in %s (epoch %d): "+
					"its cluster would depend on the order the logs are read", key, r.SampleID, r.Task, v0, s.row.Log, s.row.Epoch, v1, r.Log, r.Epoch)
			}
		}
	}
	return c, nil
}

// of is sample s's cluster; an error naming a log that holds it when no row gives the key.
func (c *sampleClusters) of(s *sampleScore) (string, error) {
	k := sampleKey{s.task, s.id}
	if v, ok := c.label[k]; ok {
		return v, nil
	}
	return "", fmt.Errorf("--cluster-by metadata.%s: sample %s of task %s has no such metadata (in %s, nor in any other log read)", c.key, s.id, s.task, c.in[k])
}
