package verdicts

import (
	"fmt"
	"strings"
)

// laterColumns are the columns score added to a verdict dataset's files after their first
// layout (2026-12-01: the verdict columns, tools_before_attempt, policy_index and seq): the
// evaluator revision, trusted_keys and the usage columns. A file with policy_index and seq
// but without one of these was written by an older sabench-stats. It is refused rather
// than read with the column taken as false or null: trusted_keys says which verdicts
// trusted a recorded evidence_delta_key, which every table built from the dataset notes,
// and such a file does not say it.
var laterColumns = func() map[string]bool {
	out := map[string]bool{"evaluator": true, "trusted_keys": true}
	for _, uc := range usageColumns {
		out[uc.name] = true
	}
	return out
}()

// missingColumnError is the refusal of a dataset file without column name: one written
// by an older sabench-stats says so, naming every later column it lacks and what to do;
// any other is not a verdict dataset file.
func missingColumnError(path, name string, kinds map[string]colType) error {
	if !laterColumns[name] || kinds["policy_index"].kind == kindNone || kinds["seq"].kind == kindNone {
		return fmt.Errorf("%s: no column %q (not a verdict dataset file)", path, name)
	}
	var missing []string
	for _, c := range datasetColumns {
		if laterColumns[c.Name] && kinds[c.Name].kind == kindNone {
			missing = append(missing, c.Name)
		}
	}
	return fmt.Errorf("%s: a verdict dataset file written by an older sabench-stats, before the dataset's files held the columns %s (added 2026-12-01): it does not say which verdicts trusted a recorded evidence_delta_key, so this version does not read it; score the episodes again (score --format parquet --out DIR)", path, strings.Join(missing, ", "))
}
