package analysis

import (
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/oracle/paged"
)

// The label tables behind Record: process-wide and append-only, like the oracle's own, so
// that a record holds 32-bit ids instead of strings. They hold the distinct labels of
// every input read in the process (configurations, cases, conditions, exclusion reasons
// and failure types, and their pairs, and the sets of information tools an episode called
// before acting: thousands, not one per episode). An id reaches a reader through
// whatever published the record (the scoring pipeline, a channel, a WaitGroup), after the
// entry was written under the table's lock, so reads take no lock.

// labelTable maps values to dense ids (in order of first sight) and back, its values in a
// paged.Array as the oracle's tables keep theirs.
type labelTable[T comparable] struct {
	mu   sync.Mutex
	ids  map[T]uint32
	n    uint32
	vals paged.Array[T]
}

func (t *labelTable[T]) get(i uint32) T {
	return *t.vals.At(i)
}

// intern returns x's id, adding own(x) on first sight.
func (t *labelTable[T]) intern(x T, own func(T) T) uint32 {
	t.mu.Lock()
	defer t.mu.Unlock()
	if id, ok := t.ids[x]; ok {
		return id
	}
	if t.ids == nil {
		t.ids = map[T]uint32{}
	}
	x = own(x)
	i := t.n
	t.vals.Grow(i)
	*t.vals.At(i) = x
	t.ids[x] = i
	t.n++
	return i
}

// cfgLabels is a configuration with its model and harness; key is the configuration
// name's id (in recLabels).
type cfgLabels struct {
	config, model, harness string
	key                    uint32
}

// caseLabels is a case id with its base case and domain; key is the case id's id.
type caseLabels struct {
	id, base, domain string
	key              uint32
}

var (
	recLabels  labelTable[string]
	recConfigs labelTable[cfgLabels]
	recCases   labelTable[caseLabels]
	recEnds    labelTable[[2]uint32] // exclusion reason and failure type, label ids
	recTools   labelTable[uint64]    // Record.ToolsBeforeAttempt
)

// Id 0 of the labels is "", of recEnds neither label and of recTools no tool, so that a
// record of a success with no tool called holds zeros there.
func init() {
	recLabels.intern("", same)
	recEnds.intern([2]uint32{}, same)
	recTools.intern(0, same)
}

// same is intern's own for values that hold no memory of the caller's.
func same[T any](x T) T { return x }

func internRecLabel(s string) uint32 { return recLabels.intern(s, strings.Clone) }

// internConfig interns a configuration's labels (k.key is set here).
func internConfig(k cfgLabels) uint32 {
	k.key = internRecLabel(k.config)
	return recConfigs.intern(k, func(k cfgLabels) cfgLabels {
		return cfgLabels{config: recLabels.get(k.key), model: strings.Clone(k.model), harness: strings.Clone(k.harness), key: k.key}
	})
}

// internCase interns a case's labels (k.key is set here).
func internCase(k caseLabels) uint32 {
	k.key = internRecLabel(k.id)
	return recCases.intern(k, func(k caseLabels) caseLabels {
		return caseLabels{id: recLabels.get(k.key), base: strings.Clone(k.base), domain: strings.Clone(k.domain), key: k.key}
	})
}
