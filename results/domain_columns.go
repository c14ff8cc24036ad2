package results

import (
	"fmt"
	"strings"
)

// domainColumns makes one column per domain (mk(key, header)), headed by the domain's name
// and keyed by it unless a field of that key is taken (by the table's other columns, fixed,
// its group field or an earlier domain's): then by "domain_" and the name, as often as
// needed. A bench's own domain named "cases", "dm", "config" or "group" would otherwise
// repeat a field of T1 or T8, and the table (so the whole report) could not be built. The
// note names the domains keyed otherwise; nil when none is.
func domainColumns(domains []string, mk func(key, header string) Column, fixed ...Column) ([]Column, []string) {
	used := map[string]bool{GroupField: true}
	for _, c := range fixed {
		for _, f := range c.Fields() {
			used[f] = true
		}
	}
	cols := make([]Column, len(domains))
	var moved []string
	for i, d := range domains {
		key := d
		for taken(used, mk(key, d)) {
			key = "domain_" + key
		}
		cols[i] = mk(key, d)
		for _, f := range cols[i].Fields() {
			used[f] = true
		}
		if key != d {
			moved = append(moved, fmt.Sprintf("%s as %s", d, key))
		}
	}
	if len(moved) == 0 {
		return cols, nil
	}
	return cols, []string{"In CSV and JSON, a domain whose name is another field of the table is keyed domain_ and its name: " + strings.Join(moved, ", ") + "."}
}

// taken reports whether one of c's fields is used.
func taken(used map[string]bool, c Column) bool {
	for _, f := range c.Fields() {
		if used[f] {
			return true
		}
	}
	return false
}
