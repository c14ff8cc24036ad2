package tau

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/sabench/sabench-stats/ingest"
)

// The domains' authorization rules, one file per domain: what each tool reads or writes,
// which reads establish which entity, and what each write requires. They are data, read by
// the oracle through the case specs generated from them (Bench).
//
//go:embed domains/*.json
var domainFiles embed.FS

// Tool kinds in a rules file.
const (
	KindRead  = "read"  // reads the database; may establish entities
	KindWrite = "write" // updates the database: a consequential action
	KindOther = "other" // neither (think, calculate, transfer to a human)
)

// Domain is one domain's rules file, decoded for the reader (the oracle reads the same
// rules from each case spec).
type Domain struct {
	Schema     string `json:"schema"`
	Bench      string `json:"bench"`
	Name       string `json:"domain"`
	CasePrefix string `json:"case_prefix"`
	TaskIDs    struct {
		First int `json:"first"`
		Last  int `json:"last"`
	} `json:"task_ids"`
	Source       string          `json:"source"`
	Confirmation json.RawMessage `json:"confirmation"`
	Tools        []Tool          `json:"tools"`

	raw  []byte // the file, for the case specs
	kind map[string]string
}

// Tool is one tool's entry in a rules file.
type Tool struct {
	Name        string            `json:"name"`
	Kind        string            `json:"kind"`
	Establishes []json.RawMessage `json:"establishes,omitempty"`
	Requires    []json.RawMessage `json:"requires,omitempty"`
}

// RulesSchema is the schema tag of a rules file.
const RulesSchema = "sabench.authorization-rules/v1"

// domains are the built-in domains by name, parsed on first use rather than at start:
// most commands never read them, and every process would pay for their JSON decoding.
var domains = sync.OnceValue(func() map[string]*Domain {
	out := map[string]*Domain{}
	entries, err := domainFiles.ReadDir("domains")
	if err != nil {
		panic(err) // the files are compiled in: a failure here is a build defect
	}
	for _, e := range entries {
		data, err := domainFiles.ReadFile("domains/" + e.Name())
		if err != nil {
			panic(err)
		}
		d, err := parseDomain(data)
		if err != nil {
			panic(fmt.Sprintf("domains/%s: %v", e.Name(), err))
		}
		out[d.Name] = d
	}
	return out
})

func parseDomain(data []byte) (*Domain, error) {
	var d Domain
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, err
	}
	if d.Schema != RulesSchema {
		return nil, fmt.Errorf("schema is %q, want %q", d.Schema, RulesSchema)
	}
	d.raw = data
	d.kind = map[string]string{}
	for _, t := range d.Tools {
		switch t.Kind {
		case KindRead, KindWrite, KindOther:
		default:
			return nil, fmt.Errorf("tool %q: kind %q is not read, write or other", t.Name, t.Kind)
		}
		if _, dup := d.kind[t.Name]; dup {
			return nil, fmt.Errorf("tool %q is listed twice", t.Name)
		}
		d.kind[t.Name] = t.Kind
	}
	return &d, nil
}

// DomainNames lists the built-in domains, sorted.
func DomainNames() []string {
	names := make([]string, 0, len(domains()))
	for n := range domains() {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// LookupDomain returns the built-in domain of that name (airline, retail).
func LookupDomain(name string) (*Domain, error) {
	if d, ok := domains()[strings.ToLower(name)]; ok {
		return d, nil
	}
	return nil, fmt.Errorf("unknown τ-bench domain %q (known: %s)", name, ingest.QuotedList(DomainNames()))
}

// ToolKind is the kind of the named tool in d, and whether d lists it.
func (d *Domain) ToolKind(tool string) (string, bool) {
	k, ok := d.kind[tool]
	return k, ok
}

// CaseID is the case id of a task of this domain: TAU-AIRLINE-25.
func (d *Domain) CaseID(taskID string) string { return d.CasePrefix + taskID }
