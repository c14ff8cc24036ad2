package results

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sabench/sabench-stats/analysis"
)

// Column and cell helpers shared by the table builders: the decimals and kinds of the
// paper's tables live here.

func pctCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindPercent, Decimals: 1}
}

func textCol(key, header string) Column { return Column{Key: key, Header: header, Kind: KindText} }

func countCol(key, header string) Column { return Column{Key: key, Header: header, Kind: KindCount} }

func numCol(key, header string, decimals int) Column {
	return Column{Key: key, Header: header, Kind: KindNumber, Decimals: decimals}
}

func deltaCol(key, header string) Column {
	return Column{Key: key, Header: header, Kind: KindPercentInterval, Decimals: 1, Signed: true}
}

func rateCell(x analysis.Rate) Cell { return Number(x.Value()) }

func fracCell(x analysis.Rate) Cell { return Fraction(int64(x.Num), int64(x.Den)) }

func estCell(e analysis.Estimate) Cell { return Interval(e.X, e.Lo, e.Hi) }

func countCell(n int) Cell { return Count(int64(n)) }

func policyNote(r *analysis.Release) string {
	return fmt.Sprintf("Scored under policy %s.", r.Policy.String())
}

// keyedNote names, for CSV and JSON readers, the names (of kind what) whose key dataKeys
// moved off the name; nil when none moved.
func keyedNote(what string, names, keys []string) []string {
	var moved []string
	for i, n := range names {
		if keys[i] != n {
			moved = append(moved, n+" as "+keys[i])
		}
	}
	if len(moved) == 0 {
		return nil
	}
	return []string{"In CSV and JSON, a " + what + " whose name is another field of the table is keyed apart: " + strings.Join(moved, ", ") + "."}
}

// dataKeys are the keys of columns named by the data (domains, policies), one per name:
// the name itself, as the built-in release's are, unless a field of such a column (like,
// keyed by it) would be one the table's own columns take (reserved, and "group") or an
// earlier name's; then prefix and the name ("domain_config"), counted on ("_2", …) while
// that is taken too. The header stays the name.
func dataKeys(names []string, prefix string, like Column, reserved ...Column) []string {
	taken := map[string]bool{"group": true}
	for _, c := range reserved {
		for _, f := range c.Fields() {
			taken[f] = true
		}
	}
	free := func(k string) bool {
		like.Key = k
		return !slices.ContainsFunc(like.Fields(), func(f string) bool { return taken[f] })
	}
	keys := make([]string, len(names))
	for i, n := range names {
		k := n
		for j := 1; !free(k); j++ {
			k = prefix + n
			if j > 1 {
				k += "_" + strconv.Itoa(j)
			}
		}
		like.Key = k
		for _, f := range like.Fields() {
			taken[f] = true
		}
		keys[i] = k
	}
	return keys
}
